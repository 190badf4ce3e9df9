import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { ALL, profilesWritten, type Written } from './profile-writes';

/**
 * Tells listeners, after each COMMIT, which profiles' public data changed (issue 12). Every
 * statement of the app goes through the database driver, so no write path — a click, an edit,
 * a delete, an admin action, a migration, a test helper writing a row — can change a profile
 * without being reported here (db/profile-writes.ts decides what a statement touched).
 */
export class ProfileWrites {
  private listeners = new Set<(written: Exclude<Written, undefined>) => void>();

  /** Returns the function that stops listening. */
  subscribe(listener: (written: Exclude<Written, undefined>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after the COMMIT (or a lone statement): nothing is reported for a rollback. */
  report(written: Written): void {
    if (written === undefined || (written !== ALL && written.size === 0)) return;
    for (const listener of this.listeners) listener(written);
  }
}

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
  written: Written;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly writes: ProfileWrites,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    const written = profilesWritten(compiled, result as QueryResult<unknown>);
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
    private readonly writes: ProfileWrites,
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
    conn.written = undefined;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as WatchedConnection;
    const written = conn.written;
    conn.inTransaction = false;
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
export function watchedDialect(dialect: Dialect, writes: ProfileWrites): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchedDriver(dialect.createDriver(), writes),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
