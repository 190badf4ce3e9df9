import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db, Engine } from './database';
import { preparingPool } from './pg-prepared';
import { cachingSqlite } from './statement-cache';

export interface DbHandle {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: the schema every pooled connection uses (tests run each file in its own). */
  searchPath?: string;
  poolMax?: number;
}

// COUNT(*) and other int8 results arrive as strings by default; our counts are small.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * `sqlite:PATH` → better-sqlite3 (WAL, busy_timeout, foreign keys, prepared statements kept);
 * `postgres://…` → pg Pool (the hot reads as named prepared statements, see pg-prepared.ts).
 */
export function connect(url: string, opts: ConnectOptions = {}): DbHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // FULL: every acknowledged write (a visitor's click, a payment) survives a power loss too,
    // not only a crash of the process (issue 7). Group commit of clicks makes this one fsync per
    // batch, not per click, so the durable setting costs little.
    sqlite.pragma('synchronous = FULL');
    // Reads come from memory: the page cache (64 MB) and the file mapped (256 MB) instead of
    // read() calls; sorts and temp indexes stay in memory.
    sqlite.pragma('cache_size = -65536');
    sqlite.pragma('mmap_size = 268435456');
    sqlite.pragma('temp_store = MEMORY');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingSqlite(sqlite) }) });
    return { db, engine: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  // An idle client dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`PostgreSQL pool: idle connection error: ${err.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
