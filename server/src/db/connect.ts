import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lazily, postgresBulkDb, registerBulkReads, sqliteBulkDb, type BulkPoolBase } from './bulk-reads';
import type { Database, Db, Engine } from './database';
import { registerChangeSource } from './change-source';
import { preparingPool } from './pg-prepared';
import { PoolStats, registerPoolStats } from './pool-stats';
import { splitSqliteDialect } from './sqlite-driver';
import { cachingSqlite } from './statement-cache';
import { CommittedWrites } from './committed-writes';
import { watchedDialect } from './watched-dialect';

export interface DbHandle {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: the schema every pooled connection uses (tests run each file in its own). */
  searchPath?: string;
  poolMax?: number;
  /**
   * DB_TIMEOUT_MS: the longest one database call may wait (README "Failure modes"). PostgreSQL:
   * connecting or waiting for a pooled connection, and each statement (server- and client-side).
   * SQLite: a write waiting for another process's lock. Default 5000.
   */
  timeoutMs?: number;
  /** PostgreSQL application_name (pg_stat_activity): which process a backend belongs to. */
  applicationName?: string;
  /**
   * SQLite only, for the seeding tool (tools/seed-members.ts): no fsync and a 256 MiB page cache
   * on the write connection. Never for the API: a crash could lose committed writes.
   */
  bulkLoad?: boolean;
  /** Where a dropped PostgreSQL connection is reported (default: one line on stderr). */
  onConnectionError?: (message: string) => void;
}

// COUNT(*) and other int8 results arrive as strings by default; our counts are small.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * `sqlite:PATH` → better-sqlite3, WAL, a write connection and a read connection (sqlite-driver.ts);
 * `postgres://…` → pg Pool (the hot reads as named prepared statements, see pg-prepared.ts).
 */
export function connect(url: string, opts: ConnectOptions = {}): DbHandle {
  const timeoutMs = opts.timeoutMs ?? 5000;
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const inMemory = file === ':memory:';
    if (!inMemory) mkdirSync(dirname(resolve(file)), { recursive: true });
    const writer = openSqlite(file);
    // 0: a busy lock is waited for on a timer by the driver, never by blocking the event loop.
    writer.pragma('busy_timeout = 0');
    if (opts.bulkLoad) {
      writer.pragma('synchronous = OFF');
      writer.pragma('cache_size = -262144');
    }
    let reader: SQLite.Database | undefined;
    if (!inMemory) {
      reader = openSqlite(file);
      // WAL readers do not wait for writers; this only covers SQLite's rare short internal locks.
      reader.pragma('busy_timeout = 100');
      reader.pragma('query_only = ON');
    }
    const dialect = splitSqliteDialect({
      writer: cachingSqlite(writer),
      reader: reader && cachingSqlite(reader),
      lockTimeoutMs: timeoutMs,
    });
    const writes = new CommittedWrites();
    const db = new Kysely<Database>({ dialect: watchedDialect(dialect, writes) });
    registerChangeSource(db, { writes, sqliteDataVersion: () => Number(writer.pragma('data_version', { simple: true })) });
    if (inMemory) return { db, engine: 'sqlite', close: () => db.destroy() };
    // Long reads (the clicks CSV) go through a small connection of their own (bulk-reads.ts).
    const bulk = lazily(() => sqliteBulkDb(file));
    registerBulkReads(db, bulk.get);
    return { db, engine: 'sqlite', close: () => closeBoth(db, bulk) };
  }
  const base: BulkPoolBase = {
    connectionString: url,
    application_name: opts.applicationName ?? 'rotalink-api',
    // Never a hang: connecting (or waiting for a free pooled connection), each statement on the
    // server, and each answer on the client (a dead network never answers) are all bounded.
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    // A transaction left open by a crashed node frees its locks.
    idle_in_transaction_session_timeout: Math.max(10_000, timeoutMs * 2),
    keepAlive: true,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  };
  const pool = new pg.Pool({ ...base, max: opts.poolMax ?? 10, query_timeout: timeoutMs + 1000 });
  // An idle client dropped by the server (restart, failover) must not crash the process:
  // the pool replaces it on the next query. (Checked-out clients: see pg-prepared.ts.)
  const report = opts.onConnectionError ?? ((message: string) => console.error(message));
  pool.on('error', (err) => report(`PostgreSQL pool: idle connection error: ${err.message}`));
  const writes = new CommittedWrites();
  const stats = new PoolStats(pool);
  const dialect = new PostgresDialect({
    pool: preparingPool(pool, (err) => report(`PostgreSQL: a connection in use failed: ${err.message}`), { stats }),
  });
  const db = new Kysely<Database>({ dialect: watchedDialect(dialect, writes) });
  registerPoolStats(db, stats);
  const applicationName = `${opts.applicationName ?? 'rotalink-api'}:changes`.slice(0, 63);
  registerChangeSource(db, { writes, postgres: { connectionString: url, searchPath: opts.searchPath, timeoutMs, applicationName } });
  const bulk = lazily(() => postgresBulkDb(base, timeoutMs + 1000, report));
  registerBulkReads(db, bulk.get);
  return { db, engine: 'postgres', close: () => closeBoth(db, bulk) };
}

async function closeBoth(db: Db, bulk: { close(): Promise<void> }): Promise<void> {
  try {
    await db.destroy();
  } finally {
    await bulk.close();
  }
}

function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
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
  return sqlite;
}
