/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with = + - @ as
 * a formula (and tab or carriage return can hide one). Such a cell gets a leading apostrophe,
 * which the spreadsheet shows as text. Quoting (commas, quotes, line breaks) is csv-stringify's.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
