import type { Readable } from 'node:stream';
import { CONVERSIONS_CSV_COLUMNS } from '@rotalink/shared-api/contract';
import { bulkReadsOf } from '../../db/bulk-reads';
import type { Db } from '../../db/database';
import { formatMinor } from '../conversions';
import { csvLine } from './csv-cell';
import { readConversionPage, type ConversionCursor, type ConversionPageRow } from './conversions-page.repository';
import type { LinkName } from './get-summary';
import { csvDownload, pagedCsv } from './paged-csv';
import type { Range } from './stats-range';

export function conversionsCsvFileName(userId: string, range: Range): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
  return `rotalink-conversions-${userId}-${day(range.from)}-${day(range.to - 1)}.csv`;
}

/** One conversion's cells, in CONVERSIONS_CSV_COLUMNS order (the account export, issue 33, writes the same). */
export function conversionCells(r: ConversionPageRow, links: ReadonlyMap<string, Pick<LinkName, 'name' | 'url'>>): string[] {
  const link = r.link_id ? links.get(r.link_id) : undefined;
  return [
    r.created_at,
    r.txid,
    r.refunded_at ? 'refunded' : 'approved',
    formatMinor(Number(r.amount_minor), r.currency),
    r.currency,
    Number(r.attributed) ? 'yes' : 'no',
    r.click_id ?? '',
    r.click_at ?? '',
    link?.name ?? '',
    link?.url ?? '',
    r.source ?? '',
    r.via,
  ];
}

/**
 * Issue 30: a profile's conversions that arrived in [from, to) as CSV, streamed a page at a time
 * as the clicks CSV is (clicks-csv.ts): every cell through csvCell (csvLine), so a txid or link name that
 * starts with = + - @ reaches a spreadsheet as text, never as a formula.
 */
export function conversionsCsvStream(db: Db, q: { userId: string; range: Range; links: LinkName[] }): Readable {
  const links = new Map(q.links.map((l) => [l.id, l]));
  const from = new Date(q.range.from).toISOString();
  const to = new Date(q.range.to).toISOString();

  return csvDownload(CONVERSIONS_CSV_COLUMNS, () => {
    const reader = bulkReadsOf(db);
    return pagedCsv({
      read: (after: ConversionCursor | null, limit) => readConversionPage(reader, { userId: q.userId, from, to, after, limit }),
      cursorOf: (last) => ({ at: last.created_at, id: last.id }),
      lines: (page) => page.map((r) => csvLine(conversionCells(r, links))).join(''),
    });
  });
}
