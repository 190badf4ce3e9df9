import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { PoolStats } from './pool-stats';

/**
 * PostgreSQL named prepared statements for the hot reads. By default pg sends every query
 * unnamed, so PostgreSQL parses and plans it again each time: for the visitor page's join that
 * doubled the database's CPU per request. A statement registered here (db/precompiled.ts does,
 * for its fixed-shape reads) is sent with a name: each pooled connection parses it once and
 * then only binds and executes. Only registered texts are named, so DDL, transactions and
 * one-off queries are untouched, and they select explicit columns, so a later migration that
 * adds columns cannot invalidate a cached plan ("cached plan must not change result type").
 * Behind PgBouncer in transaction mode this needs PgBouncer ≥ 1.21 (max_prepared_statements).
 */
const names = new Map<string, string>();

export function registerPrepared(sql: string): void {
  if (!names.has(sql)) names.set(sql, `rl_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`);
}

export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/**
 * Kysely's pool with each client's registered queries sent as named statements — and with the
 * failures of a checked-out connection contained (issue 11). pg-pool listens for a client's
 * 'error' only while the client is idle; a backend terminated (pg_terminate_backend, a restart, a
 * network reset) while Kysely holds the client emitted 'error' with no listener, which killed the
 * process. Each client gets its own listener once; the query in flight fails (→ 503, see
 * unavailable.ts), and a client that failed is destroyed on release instead of going back to the pool.
 * With `readTimeoutMs` (a pool created WITHOUT pg's query_timeout), each query is sent in pg's
 * callback form and timed by `timedQuery` below.
 */
export function preparingPool(
  pool: pg.Pool,
  onClientError: (err: Error) => void = () => {},
  opts: { readTimeoutMs?: number; stats?: PoolStats } = {},
): PostgresPool {
  // One wrapper per pooled client: Kysely keys its connections by client object.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const broken = new WeakMap<pg.PoolClient, Error>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      client.on('error', (err: Error) => {
        broken.set(client, err);
        onClientError(err);
      });
      const failed = (err: unknown) => {
        // A client-side timeout leaves the statement running on a connection we cannot trust; a
        // migration that changed a column's type leaves this connection's named plans unusable.
        if (err instanceof Error && /^Query read timeout|^Connection terminated|cached plan must not change result type/.test(err.message))
          broken.set(client, err);
        throw err;
      };
      wrapper = {
        query: ((text: unknown, values?: unknown[]) => {
          if (typeof text !== 'string') return client.query(text as pg.Submittable);
          const name = names.get(text);
          const config = name ? { name, text, values } : { text, values };
          if (opts.readTimeoutMs) return timedQuery(client, config, opts.readTimeoutMs).catch(failed);
          return (name ? client.query(config) : client.query(text, values)).catch(failed);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(broken.get(client)),
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    connect: async () => wrap(await (opts.stats ? opts.stats.timed(() => pool.connect()) : pool.connect())),
    end: () => pool.end(),
  };
}

/**
 * One query in pg's callback form, bounded by a timer of our own. Both pg's promise form and its
 * query_timeout timer keep each finished query — and its rows — reachable from objects that
 * outlive it, so under a steady stream of reads (the clicks CSV) every page's rows were promoted
 * to V8's old generation and stayed until the next full collection. Measured on 300,000 rows in
 * 1,000-row pages: 68–75 MB promoted with either, 3 MB with neither; in the API that was +115 MB
 * of heap during a million-row download (decision 0073). The timer holds only the client: on
 * expiry it destroys the connection (a dead network never answers), pg fails the query, and the
 * query fails as "Query read timeout", so the client is dropped on release.
 */
function timedQuery(client: pg.PoolClient, config: pg.QueryConfig, ms: number): Promise<pg.QueryResult> {
  const expired = { at: 0 };
  const timer = setTimeout(() => {
    expired.at = Date.now();
    (client as unknown as pg.Client).connection.stream.destroy();
  }, ms);
  return new Promise((resolve, reject) => {
    client.query(config, (err: Error | undefined, result: pg.QueryResult) => {
      clearTimeout(timer);
      if (expired.at) reject(new Error(`Query read timeout (no answer in ${ms} ms)`));
      else if (err) reject(err);
      else resolve(result);
    });
  });
}
