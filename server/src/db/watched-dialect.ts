import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import type { DbOrTrx } from './database';
import { ALL, keysWritten, type CommittedWrites, type Written } from './committed-writes';

/*
 * The database driver tells the watchers of CommittedWrites (db/committed-writes.ts) what each
 * COMMIT wrote to the tables they watch (issue 12). Every statement of the app goes through it,
 * so no write path — an edit, a delete, an admin action, a migration, a test helper writing a
 * row — can change a watched row without being reported. A transaction whose owner reports its
 * own writes (the click ledger's batches, through its events: issue 27) is skipped:
 * `reportedByOwner(trx)`.
 */

/** Merges what two statements of one transaction wrote. */
function merge(a: Written, b: Written): Written {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (a === ALL || b === ALL) return ALL;
  return new Set([...a, ...b]);
}

/** A connection that remembers what its open transaction wrote, and reports a lone statement at once. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  /** The open transaction's owner reports its writes itself (until its COMMIT or ROLLBACK). */
  ownerReports = false;
  written: Written;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly writes: CommittedWrites,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    const watch = this.writes.watching;
    if (watch === undefined || this.ownerReports) return result;
    const written = keysWritten(watch, compiled, result as QueryResult<unknown>);
    if (written !== undefined) {
      if (this.inTransaction) this.written = merge(this.written, written);
      else this.writes.report(written);
    }
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    // Only SELECTs stream (both engines' drivers refuse anything else).
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class WatchedDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly writes: CommittedWrites,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const conn = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(conn);
    if (!wrapper) this.wrappers.set(conn, (wrapper = new WatchedConnection(conn, this.writes)));
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = connection as WatchedConnection;
    await this.inner.beginTransaction(conn.inner, settings);
    conn.inTransaction = true;
    conn.ownerReports = false;
    conn.written = undefined;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as WatchedConnection;
    const written = conn.written;
    conn.inTransaction = false;
    conn.ownerReports = false;
    conn.written = undefined;
    try {
      await this.inner.commitTransaction(conn.inner);
    } finally {
      // A COMMIT that failed on the way (the connection dropped) may still have landed: report it too.
      this.writes.report(written);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as WatchedConnection;
    conn.inTransaction = false;
    conn.ownerReports = false;
    conn.written = undefined;
    await this.inner.rollbackTransaction(conn.inner);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The dialect with every statement's writes reported to `writes` after they commit. */
export function watchedDialect(dialect: Dialect, writes: CommittedWrites): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchedDriver(dialect.createDriver(), writes),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/**
 * Inside a transaction: its owner reports what it writes (issue 27: the click ledger publishes
 * its batches' clicks as events, and the public cache hears them there), so the driver skips
 * its statements — no look at each click statement's tree. Ends with the transaction.
 */
export async function reportedByOwner(trx: DbOrTrx): Promise<void> {
  await trx.getExecutor().provideConnection(async (connection) => {
    if (connection instanceof WatchedConnection && connection.inTransaction) connection.ownerReports = true;
  });
}
