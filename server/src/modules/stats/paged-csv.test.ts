import { CSV_PAGE_ROWS, pagedCsv } from './paged-csv';

/**
 * Rows 1..count read as a keyset page would be (ids after the cursor, at most `limit`), each read
 * recorded; a read past the tenth throws, so a cursor that does not move cannot loop for ever.
 */
function source(count: number, limit?: number) {
  const reads: { after: number | null; limit: number }[] = [];
  return {
    reads,
    pages: pagedCsv({
      read: async (after: number | null, n: number) => {
        reads.push({ after, limit: n });
        if (reads.length > 10) throw new Error('the pages never end');
        return Array.from({ length: count }, (_, i) => i + 1)
          .filter((id) => id > (after ?? 0))
          .slice(0, n);
      },
      cursorOf: (last) => last,
      lines: (page) => page.map((id) => `row ${id}\n`).join(''),
      limit,
    }),
  };
}

async function all(pages: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

it('reads on from the last row of each page and stops after a short page', async () => {
  const s = source(5, 2);
  expect(await all(s.pages)).toEqual(['row 1\nrow 2\n', 'row 3\nrow 4\n', 'row 5\n']);
  expect(s.reads).toEqual([
    { after: null, limit: 2 },
    { after: 2, limit: 2 },
    { after: 4, limit: 2 },
  ]);
});

it('ends on an empty page after full ones, yielding nothing for it', async () => {
  const s = source(4, 2);
  expect(await all(s.pages)).toEqual(['row 1\nrow 2\n', 'row 3\nrow 4\n']);
  expect(s.reads.map((r) => r.after)).toEqual([null, 2, 4]);
});

it('yields nothing when there are no rows', async () => {
  const s = source(0, 2);
  expect(await all(s.pages)).toEqual([]);
  expect(s.reads).toEqual([{ after: null, limit: 2 }]);
});

it(`reads ${CSV_PAGE_ROWS} rows a page unless told otherwise`, async () => {
  const s = source(CSV_PAGE_ROWS + 1);
  const pages = await all(s.pages);
  expect(pages.map((p) => p.split('\n').length - 1)).toEqual([CSV_PAGE_ROWS, 1]);
  expect(s.reads).toEqual([
    { after: null, limit: CSV_PAGE_ROWS },
    { after: CSV_PAGE_ROWS, limit: CSV_PAGE_ROWS },
  ]);
});

it('reads the next page only when the one before has been taken', async () => {
  const s = source(5, 2);
  await s.pages.next();
  expect(s.reads).toHaveLength(1);
});
