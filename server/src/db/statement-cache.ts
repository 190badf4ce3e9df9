import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * better-sqlite3 behind Kysely with its prepared statements kept. Kysely's SQLite driver calls
 * `prepare(sql)` on every query, and compiling the SQL again costs as much as running a small
 * read. Statements are keyed by their SQL text (parameters are bound at run time, so the set is
 * small: one per query shape); at `max` the oldest is dropped. Reusing a statement is safe here:
 * better-sqlite3 runs one statement at a time on its single connection, Kysely's connection
 * mutex keeps a streamed query's statement to itself, and SQLite re-prepares a statement by
 * itself when a migration changes the schema under it.
 */
export function cachingSqlite(
  sqlite: SQLiteDatabase,
  max = 500,
): SqliteDatabase & { readonly size: number; readonly inTransaction: boolean } {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
    get size() {
      return statements.size;
    },
    get inTransaction() {
      return sqlite.inTransaction;
    },
  };
}
