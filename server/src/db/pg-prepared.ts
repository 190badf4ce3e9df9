import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

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

/** Kysely's pool with each client's registered queries sent as named statements. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per pooled client: Kysely keys its connections by client object.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      wrapper = {
        query: ((text: unknown, values?: unknown[]) => {
          if (typeof text !== 'string') return client.query(text as pg.Submittable);
          const name = names.get(text);
          return name ? client.query({ name, text, values }) : client.query(text, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
