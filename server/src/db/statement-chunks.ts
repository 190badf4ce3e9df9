/** Rows per multi-row INSERT: far below either engine's limit on bound parameters (SQLite 32,766; PostgreSQL 65,535). */
export const ROWS_PER_STATEMENT = 500;

/** `rows` cut into pieces that each fit one multi-row statement. */
export function statementChunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}
