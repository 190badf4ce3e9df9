import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import { SqliteLockTimeout } from './unavailable';

/**
 * Kysely's SQLite dialect with the reads kept off the write path (issue 11).
 *
 * better-sqlite3 is synchronous: with Kysely's own driver (one connection, busy_timeout) a write
 * that met another process's lock made SQLite spin inside the call, freezing the whole event
 * loop — /healthz and every read waited up to the busy timeout, then the write failed with a 500.
 * Here:
 * - **reads** outside a transaction (SELECTs and other read-only statements) run on a separate
 *   read connection. In WAL mode a reader never waits for a writer, not even another process's
 *   EXCLUSIVE transaction, and each statement sees the latest committed data;
 * - **writes** (transactions and lone write statements) take the one write connection in turn
 *   (an async lock, FIFO), start with BEGIN IMMEDIATE and, when another process holds SQLite's
 *   write lock, wait for it WITHOUT blocking the event loop (busy_timeout 0, retried on a timer)
 *   for at most `lockTimeoutMs`. Past that they fail with SQLITE_BUSY, which the API answers
 *   with 503 (db/unavailable.ts); nothing of the write was applied.
 *
 * A `:memory:` database exists once per connection, so it gets no read connection: everything
 * then goes through the write connection, as with Kysely's driver.
 */
/** better-sqlite3 behind db/statement-cache.ts: Kysely's interface plus whether a transaction is open. */
export type SqliteHandle = SqliteDatabase & { readonly inTransaction: boolean };

export interface SplitSqliteOptions {
  writer: SqliteHandle;
  reader?: SqliteDatabase;
  lockTimeoutMs: number;
}

export function splitSqliteDialect(options: SplitSqliteOptions): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new SplitSqliteDriver(options),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}

const isBusy = (err: unknown) => /^SQLITE_BUSY/.test(String((err as { code?: unknown } | null)?.code ?? ''));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function run(db: SqliteDatabase, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const stmt = db.prepare(sql);
  if (stmt.reader) return { rows: stmt.all(parameters) as unknown[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

/** The write connection's turn-taking: FIFO, and a waiter gives up at its deadline. */
class WriteTurn {
  private held = false;
  private waiters: Array<() => void> = [];

  async take(deadline: number, timeoutMs: number): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          this.waiters = this.waiters.filter((w) => w !== wake);
          reject(new SqliteLockTimeout(timeoutMs));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiters.push(wake);
    });
  }

  give(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

class SplitSqliteDriver implements Driver {
  readonly turn = new WriteTurn();

  constructor(readonly options: SplitSqliteOptions) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RoutedConnection;
    const deadline = Date.now() + this.options.lockTimeoutMs;
    await this.turn.take(deadline, this.options.lockTimeoutMs);
    conn.holdsTurn = true;
    // IMMEDIATE takes SQLite's write lock now, so nothing later in the transaction can meet a
    // busy lock (or a stale snapshot) half-way through.
    await this.untilFree(() => run(this.options.writer, CompiledQuery.raw('begin immediate')), deadline);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A COMMIT refused as busy leaves the transaction open, so it may be retried.
    void connection;
    await this.untilFree(() => run(this.options.writer, CompiledQuery.raw('commit')), Date.now() + this.options.lockTimeoutMs);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // Only our own transaction, and only if it began (SQLite may have rolled back already, e.g. on a full disk).
    if ((connection as RoutedConnection).holdsTurn && this.options.writer.inTransaction)
      run(this.options.writer, CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const conn = connection as RoutedConnection;
    if (conn.holdsTurn) {
      conn.holdsTurn = false;
      this.turn.give();
    }
  }

  async destroy(): Promise<void> {
    this.options.reader?.close();
    this.options.writer.close();
  }

  /** Runs `attempt` until SQLite's write lock is free, sleeping between tries; SQLITE_BUSY at the deadline. */
  async untilFree<T>(attempt: () => T, deadline: number): Promise<T> {
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      try {
        return attempt();
      } catch (err) {
        if (!isBusy(err) || Date.now() + pause > deadline) throw err;
      }
      await sleep(pause);
    }
  }
}

/** One Kysely "connection": routes each statement to the read or the write connection. */
class RoutedConnection implements DatabaseConnection {
  holdsTurn = false;

  constructor(private readonly driver: SplitSqliteDriver) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader, lockTimeoutMs } = this.driver.options;
    if (this.holdsTurn) return run(writer, compiled) as QueryResult<R>;
    if (reader && this.isRead(reader, compiled)) return run(reader, compiled) as QueryResult<R>;
    // A lone write: wait for our turn and for SQLite's lock, both within the same bound.
    const deadline = Date.now() + lockTimeoutMs;
    await this.driver.turn.take(deadline, lockTimeoutMs);
    try {
      return (await this.driver.untilFree(() => run(writer, compiled), deadline)) as QueryResult<R>;
    } finally {
      this.driver.turn.give();
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const db = this.holdsTurn || !this.driver.options.reader ? this.driver.options.writer : this.driver.options.reader;
    for (const row of db.prepare(compiled.sql).iterate(compiled.parameters)) yield { rows: [row as R] };
  }

  private isRead(reader: SqliteDatabase, compiled: CompiledQuery): boolean {
    if (SelectQueryNode.is(compiled.query)) return true;
    if (compiled.query.kind !== 'RawNode') return false;
    // Raw SQL (sql`select 1`, EXPLAIN, PRAGMA reads): SQLite itself says whether it writes.
    return (reader.prepare(compiled.sql) as unknown as { readonly: boolean }).readonly === true;
  }
}
