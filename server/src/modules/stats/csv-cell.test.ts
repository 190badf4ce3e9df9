import { spreadsheetSafe } from './csv-cell';

it.each([
  ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
  ['+1 555', "'+1 555"],
  ['-2', "'-2"],
  ['@mail', "'@mail"],
  ['\t=x', "'\t=x"],
  ['\r=x', "'\r=x"],
  ['Solo ad = win', 'Solo ad = win'],
  ['https://a.example.com/?q=-1', 'https://a.example.com/?q=-1'],
  ['', ''],
])('a cell %j is written as %j (CSV injection)', (cell, written) => {
  expect(spreadsheetSafe(cell)).toBe(written);
});
