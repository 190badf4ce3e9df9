import { sql } from 'kysely';
import type { Db } from './database';
import { engineOf } from './dialect-sql';
import { migrateToLatest } from './migrate';
import { lockForMigration } from './sqlite-node-lock';

/** Any constant both sides agree on; the schema name is mixed in so test schemas do not wait on each other. */
const LOCK_NAME = 'rotalink:migrate';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface MigrateOnceOptions {
  /** `sqlite:PATH` or `postgres://…`: the database `db` is connected to (SQLite: where its lock file lives). */
  databaseUrl: string;
  /** How long to wait for another node's migration (MIGRATE_WAIT_MS). */
  waitMs: number;
  /** Told once when another node holds the lock. */
  onWait?: () => void;
}

/**
 * Issue 28: migrations run once however many nodes start together. The first node to take the
 * lock migrates; the others wait for it, then find nothing left to do. PostgreSQL: a session
 * advisory lock, asked for with pg_try_advisory_lock every 250 ms on one pinned connection (a
 * blocking pg_advisory_lock would run into statement_timeout). SQLite: the companion lock file
 * (sqlite-node-lock.ts). `db` should allow long statements: a migration may rewrite a big table.
 */
export async function migrateOnce(db: Db, o: MigrateOnceOptions): Promise<string[]> {
  if (engineOf(db) === 'sqlite') {
    const file = o.databaseUrl.slice('sqlite:'.length);
    if (file === ':memory:') return migrateToLatest(db);
    const lock = await lockForMigration(file, o.waitMs, o.onWait);
    try {
      return await migrateToLatest(db);
    } finally {
      lock.release();
    }
  }
  return db.connection().execute(async (conn) => {
    const key = sql`hashtextextended(${LOCK_NAME} || current_schema(), 0)`;
    const deadline = Date.now() + o.waitMs;
    let told = false;
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(conn);
      if (rows[0]?.locked) break;
      if (Date.now() >= deadline) throw new Error(`another node has been migrating for longer than MIGRATE_WAIT_MS (${o.waitMs} ms)`);
      if (!told) o.onWait?.();
      told = true;
      await sleep(250);
    }
    try {
      return await migrateToLatest(conn);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
