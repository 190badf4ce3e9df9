import { stringify } from 'csv-stringify/sync';
import { csvCell, csvLine, spreadsheetSafe } from './csv-cell';

it.each([
  ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
  ['+1 555', "'+1 555"],
  ['-2', "'-2"],
  ['@mail', "'@mail"],
  ['\t=x', "'\t=x"],
  ['\r=x', "'\r=x"],
  ['\uFF1DSUM(A1)', "'\uFF1DSUM(A1)"],
  ['\uFF20mail', "'\uFF20mail"],
  ['Solo ad = win', 'Solo ad = win'],
  ['https://a.example.com/?q=-1', 'https://a.example.com/?q=-1'],
  ['', ''],
])('a cell %j is written as %j (CSV injection)', (cell, written) => {
  expect(spreadsheetSafe(cell)).toBe(written);
});

// The cells a member can type into a link's name or URL, and what the database holds.
const cells = [
  '',
  'Offer 1',
  'Offer, "best" one',
  '"',
  '""',
  ',',
  'two\nlines',
  'cr\rhere',
  'crlf\r\nend',
  '=HYPERLINK("http://evil.example","Win")',
  '-1,5',
  '@a"b',
  '\r',
  '\t=1',
  'Café – ünïcode 名前 🎯',
  'https://l0.example.com/path?a=1&b="x",y',
  '2026-03-01T09:00:00.000Z',
  'ref0.example.com',
  "'already quoted'",
  ' spaced ',
];

it.each(cells)('the cell %j is what csv-stringify writes for it', (cell) => {
  expect(csvCell(cell)).toBe(stringify([[cell]], { cast: { string: spreadsheetSafe } }).slice(0, -1));
});

it('a line is what csv-stringify writes for the same record', () => {
  for (let i = 0; i < cells.length; i++) {
    const record = [cells[i], cells[(i + 3) % cells.length], cells[(i + 7) % cells.length], ''];
    expect(csvLine(record)).toBe(stringify([record], { cast: { string: spreadsheetSafe } }));
  }
});
