import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { CLICKS_CSV_COLUMNS } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../../db/database';
import { readEventPage, type PageCursor } from './click-events-page.repository';
import { spreadsheetSafe } from './csv-cell';
import type { LinkName } from './get-summary';
import type { Range } from './stats-range';

/** Rows per database read: ~75 KB of CSV. Small pages keep the garbage between two collections small (5,000 rows measured +56 MB of heap on a million rows, 1,000 rows +27 MB). */
export const CSV_PAGE_ROWS = 1000;

/** The download's file name: the profile and the range's UTC days. */
export function csvFileName(userId: string, range: Range): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
  return `rotalink-clicks-${userId}-${day(range.from)}-${day(range.to - 1)}.csv`;
}

const toCsv = (rows: string[][]) => stringify(rows, { cast: { string: spreadsheetSafe } });

/**
 * A profile's raw click events in [from, to) as CSV, one page of rows per chunk: the stream asks
 * for the next page only when the client has taken the previous one (Readable.from pulls on
 * demand), so a million rows go out in the memory of one page; a client that goes away stops
 * the reads. A UTF-8 byte-order mark first, so spreadsheets read names in any script right.
 */
export function clicksCsvStream(db: DbOrTrx, q: { userId: string; range: Range; links: LinkName[]; pageRows?: number }): Readable {
  const names = new Map(q.links.map((l) => [l.id, l]));
  const from = new Date(q.range.from).toISOString();
  const to = new Date(q.range.to).toISOString();
  const limit = q.pageRows ?? CSV_PAGE_ROWS;

  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${toCsv([[...CLICKS_CSV_COLUMNS]])}`;
    let after: PageCursor | null = null;
    for (;;) {
      const page = await readEventPage(db, { userId: q.userId, from, to, after, limit });
      if (page.length === 0) return;
      yield toCsv(
        page.map((e) => {
          const link = e.link_id ? names.get(e.link_id) : undefined;
          return [e.created_at, link?.name ?? '', link?.url ?? '', e.source, e.verdict, e.device, e.referrer_host ?? ''];
        }),
      );
      if (page.length < limit) return;
      const last = page[page.length - 1];
      after = { createdAt: last.created_at, id: last.id };
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
