import type { Readable } from 'node:stream';
import { CLICKS_CSV_COLUMNS } from '@rotalink/shared-api/contract';
import { bulkReadsOf } from '../../db/bulk-reads';
import type { Db } from '../../db/database';
import { readEventPage, type CsvEventRow, type PageCursor } from './click-events-page.repository';
import { csvCell } from './csv-cell';
import type { LinkName } from './get-summary';
import { csvDownload, pagedCsv } from './paged-csv';
import type { Range } from './stats-range';

/** The download's file name: the profile and the range's UTC days. */
export function csvFileName(userId: string, range: Range): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
  return `rotalink-clicks-${userId}-${day(range.from)}-${day(range.to - 1)}.csv`;
}

/** One page of events as CSV lines; a link's two cells are escaped once per export, not per row. */
function pageCsv(page: CsvEventRow[], linkCells: Map<string, string>): string {
  let out = '';
  for (const e of page) {
    const link = (e.link_id !== null && linkCells.get(e.link_id)) || ',';
    out += `${csvCell(e.created_at)},${link},${csvCell(e.source)},${csvCell(e.verdict)},${csvCell(e.device)},${csvCell(e.referrer_host ?? '')}\n`;
  }
  return out;
}

/**
 * A profile's raw click events in [from, to) as CSV, one page of rows per chunk: the stream asks
 * for the next page only when the client has taken the previous one (Readable.from pulls on
 * demand), so a million rows go out in the memory of one page; a client that goes away stops
 * the reads. The pages are bulk reads (db/bulk-reads.ts): not through the visitors' cache or
 * pool. A UTF-8 byte-order mark first, so spreadsheets read names in any script right.
 */
export function clicksCsvStream(db: Db, q: { userId: string; range: Range; links: LinkName[]; pageRows?: number }): Readable {
  const linkCells = new Map(q.links.map((l) => [l.id, `${csvCell(l.name)},${csvCell(l.url)}`]));
  const from = new Date(q.range.from).toISOString();
  const to = new Date(q.range.to).toISOString();

  return csvDownload(CLICKS_CSV_COLUMNS, () => {
    const reader = bulkReadsOf(db);
    return pagedCsv({
      read: (after: PageCursor | null, limit) => readEventPage(reader, { userId: q.userId, from, to, after, limit }),
      cursorOf: (last) => ({ createdAt: last.created_at, id: last.id }),
      lines: (page) => pageCsv(page, linkCells),
      limit: q.pageRows,
    });
  });
}
