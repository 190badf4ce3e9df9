import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './database';
import { preparingPool } from './pg-prepared';
import { cachingSqlite } from './statement-cache';

/**
 * Bulk reads (issue 15): reads that go through a large part of a table once, page after page —
 * the clicks CSV of a million events. They get a database of their own, opened at the first such
 * read and closed with the app's:
 * - SQLite: one read-only connection with a 2 MiB page cache and no memory-mapped file. Through
 *   the shared read connection (64 MB of cache and 256 MB mapped, sized for the visitors' hot
 *   rows, db/connect.ts) a million-row export grew the API's private memory by ~40 MB of cache
 *   (and its mapped pages by ~200 MB) and evicted the visitors' pages for rows read once.
 * - PostgreSQL: a pool of at most 2 read-only connections (closed after 10 s idle), whose queries
 *   are timed without pg's query_timeout (pg-prepared.ts `timedQuery`: that timer kept every
 *   page's rows alive into V8's old generation). Every page is checked out and released on its
 *   own, so concurrent exports share the 2 connections and never take the visitors' pool.
 * Each page stays its own statement: no snapshot is held between pages (SQLite's WAL can be
 * checkpointed, PostgreSQL's vacuum is not held back), and a client that stalls holds nothing.
 */
const bulkDbs = new WeakMap<Db, () => Db>();

/** connect() registers how its database opens its bulk-read database (at first use). */
export function registerBulkReads(db: Db, bulk: () => Db): void {
  bulkDbs.set(db, bulk);
}

/** The database for bulk reads of `db`; `db` itself when it has none (in-memory SQLite, a test's own). */
export function bulkReadsOf(db: Db): Db {
  return bulkDbs.get(db)?.() ?? db;
}

/** Opens on the first get(), at most once; close() closes it if it was opened, and no get() opens it again. */
export function lazily(open: () => Db): { get: () => Db; close: () => Promise<void> } {
  let db: Db | undefined;
  let closed = false;
  return {
    get: () => {
      if (closed) throw new Error('The database is closed.');
      return (db ??= open());
    },
    close: async () => {
      closed = true;
      await db?.destroy();
      db = undefined;
    },
  };
}

/** SQLite page cache of the bulk connection: a page is needed only while its rows are read. */
const SQLITE_BULK_CACHE_KIB = 2048;

export function sqliteBulkDb(file: string): Db {
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('query_only = ON');
    // WAL readers do not wait for writers; this only covers SQLite's rare short internal locks.
    sqlite.pragma('busy_timeout = 100');
    sqlite.pragma(`cache_size = -${SQLITE_BULK_CACHE_KIB}`);
    // read() into the small cache: the file's pages stay in the OS page cache, not in this process.
    sqlite.pragma('mmap_size = 0');
  } catch (err) {
    sqlite.close();
    throw err;
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingSqlite(sqlite) }) });
}

/** The main pool's connection settings minus what a bulk pool sets itself (size, query_timeout). */
export type BulkPoolBase = Omit<pg.PoolConfig, 'max' | 'query_timeout' | 'idleTimeoutMillis'> & { options?: string };

export function postgresBulkDb(base: BulkPoolBase, readTimeoutMs: number, report: (message: string) => void): Db {
  const pool = new pg.Pool({
    ...base,
    max: 2,
    idleTimeoutMillis: 10_000,
    application_name: `${base.application_name ?? 'rotalink-api'}:bulk`.slice(0, 63),
    // Read-only sessions: a bulk read can never write, whatever a later change sends through it.
    options: [base.options, '-c default_transaction_read_only=on'].filter(Boolean).join(' '),
  });
  pool.on('error', (err) => report(`PostgreSQL bulk-read pool: idle connection error: ${err.message}`));
  const dialect = new PostgresDialect({
    pool: preparingPool(pool, (err) => report(`PostgreSQL: a bulk-read connection in use failed: ${err.message}`), { readTimeoutMs }),
  });
  return new Kysely<Database>({ dialect });
}
