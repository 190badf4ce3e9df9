/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with = + - @ as
 * a formula (and tab or carriage return can hide one; Apple Numbers also reads the full-width
 * forms ＝ ＋ － ＠ as the ASCII ones). Such a cell gets a leading apostrophe, which the
 * spreadsheet shows as text.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell of RFC 4180 CSV, spreadsheet-safe: quoted when it holds a comma, a quote (doubled) or
 * a line break — csv-stringify's rules, byte for byte (csv-cell.test.ts holds it to them). Written
 * here rather than with csv-stringify per row: a million-row export spent half its CPU and most
 * of its garbage in the library's per-record machinery (decision 0073); a cell that needs nothing
 * allocates nothing.
 */
export function csvCell(value: string): string {
  const safe = spreadsheetSafe(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV line of cells, with csv-stringify's default record delimiter (\n). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\n`;
}
