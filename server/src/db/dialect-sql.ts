import { PostgresAdapter, sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTrx, Engine } from './database';

/**
 * The ONE file where SQLite and PostgreSQL differ (CONVENTIONS 8). Everything else is portable
 * Kysely. Keep additions here small and tested on both engines (test/helpers.ts `engines`).
 */
export function engineOf(db: DbOrTrx): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Row lock inside a transaction. PostgreSQL: SELECT … FOR UPDATE. SQLite has no row locks and
 * needs none: better-sqlite3 has one connection and Kysely serialises its transactions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function forUpdate<QB extends SelectQueryBuilder<any, any, any>>(db: DbOrTrx, qb: QB): QB {
  return engineOf(db) === 'postgres' ? (qb.forUpdate() as QB) : qb;
}

/**
 * The profile's `users` row locked for the transaction (PostgreSQL `FOR NO KEY UPDATE`; SQLite
 * serialises transactions): the one lock everything that changes several rows of a profile's
 * queue takes first — adds, reorders, the rotator (issue 14). Not `FOR UPDATE`: that would also
 * wait for the foreign-key checks (`FOR KEY SHARE`) of a click's event insert in a group-commit
 * batch that already holds one of the profile's link rows, a lock cycle with two API nodes.
 */
export async function lockProfileRow(db: DbOrTrx, userId: string): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/**
 * Rows picked for a queue worker (the outbox, issue 16). PostgreSQL: `FOR UPDATE SKIP LOCKED`, so
 * workers on several nodes claiming at once take different rows without waiting on each other.
 * SQLite: one writer at a time, nothing to skip.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function skipLockedForUpdate<QB extends SelectQueryBuilder<any, any, any>>(db: DbOrTrx, qb: QB): QB {
  return engineOf(db) === 'postgres' ? (qb.forUpdate().skipLocked() as QB) : qb;
}

/** A UNIQUE constraint refused the write (e.g. an email already taken by a concurrent signup). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * PostgreSQL: the schema new tables land in (first of search_path). The migrator needs it named,
 * or its "does the table exist" check also sees other schemas' migration tables.
 */
export async function currentSchema(db: DbOrTrx): Promise<string | undefined> {
  if (engineOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
