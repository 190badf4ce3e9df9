import { Readable } from 'node:stream';
import { csvLine } from './csv-cell';

/** Rows per database read: ~95 KB of CSV, one chunk of the answer (decision 0073: measured against 2,000 and 5,000). */
export const CSV_PAGE_ROWS = 1000;

export interface PagedCsvSource<Row, Cursor> {
  /** At most `limit` rows after `after` (null: from the first), in the order the cursor follows. */
  read: (after: Cursor | null, limit: number) => Promise<Row[]>;
  /** Where the next page starts: the key of a page's last row (keyset pagination, never an OFFSET). */
  cursorOf: (last: Row) => Cursor;
  /** A page's rows as CSV lines. */
  lines: (page: Row[]) => string;
  /** Rows per read; CSV_PAGE_ROWS unless a test asks for small pages. */
  limit?: number;
}

/**
 * The keyset-paged CSV of the stats downloads (issues 15 and 30) and the account export (issue
 * 33): one string of lines per page, the next page read only when the consumer asks for it, so
 * a million rows take the memory of one page. A page shorter than the limit is the last (no read
 * after it); an empty page ends the rows and yields nothing.
 */
export async function* pagedCsv<Row, Cursor>(source: PagedCsvSource<Row, Cursor>): AsyncGenerator<string> {
  const limit = source.limit ?? CSV_PAGE_ROWS;
  let after: Cursor | null = null;
  for (;;) {
    const page = await source.read(after, limit);
    if (page.length === 0) return;
    after = source.cursorOf(page[page.length - 1]);
    yield source.lines(page);
    if (page.length < limit) return;
  }
}

/**
 * A CSV download as a stream: a UTF-8 byte-order mark (spreadsheets then read names in any
 * script right) and the header line, then the pages. `pages` is called only once the header has
 * been taken, and each page only when the client took the one before (Readable.from pulls on
 * demand); a client that goes away stops the reads.
 */
export function csvDownload(columns: readonly string[], pages: () => AsyncIterable<string>): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(columns)}`;
    yield* pages();
  }
  return Readable.from(chunks(), { objectMode: false });
}
