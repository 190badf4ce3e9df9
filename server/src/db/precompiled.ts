import type { CompiledQuery, Compilable } from 'kysely';
import type { Db } from './database';
import { engineOf } from './dialect-sql';
import { registerPrepared } from './pg-prepared';

/**
 * A query built and compiled by Kysely ONCE per database, then run with new parameters.
 * Building the operation tree and compiling it to SQL is ~20 µs of JavaScript per call, as much
 * as the read itself, and the hot public reads have a fixed shape. The query is written in
 * Kysely as usual (typed, portable): `build` gets placeholder strings for its arguments, and
 * each run swaps the real values in at their positions. On PostgreSQL the statement is also
 * prepared once per connection (db/pg-prepared.ts). Arguments are strings (ids, ISO times),
 * numbers or null, and only used as values (`where('id', '=', id)`), never as identifiers or in raw SQL.
 */
export function precompiled<A extends Array<string | number | null>, R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  // Keyed by the dialect's adapter, which a database and each of its transactions share: a
  // group-commit batch (a new transaction each time) reuses the statement compiled for the first.
  const compiledFor = new WeakMap<object, { query: CompiledQuery<R>; slots: number[] }>();
  const keyOf = (db: Db): object => db.getExecutor().adapter;

  const compile = (db: Db) => {
    const marks = Array.from({ length: build.length - 1 }, (_, i) => `\u0000rotalink-arg-${i}\u0000`) as A;
    const query = build(db, ...marks).compile();
    const slots = query.parameters.map((p) => marks.indexOf(p as string));
    const used = new Set(slots.filter((s) => s >= 0));
    if (used.size !== marks.length) throw new Error('precompiled: every argument must appear as a query value');
    // Fixed shape, explicit columns: PostgreSQL may keep it prepared per connection.
    if (engineOf(db) === 'postgres') registerPrepared(query.sql);
    const entry = { query, slots };
    compiledFor.set(keyOf(db), entry);
    return entry;
  };

  return async (db: Db, ...args: A) => {
    const { query, slots } = compiledFor.get(keyOf(db)) ?? compile(db);
    const parameters = query.parameters.map((p, i) => (slots[i] >= 0 ? args[slots[i]] : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
