import type { Compilable } from 'kysely';
import type { Db } from './database';
import { ShapedStatements } from './shaped-statements';

/**
 * A query built and compiled by Kysely ONCE per database, then run with new parameters (a
 * statement of one shape, db/shaped-statements.ts).
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
  // One shape (the SQL never changes); on PostgreSQL also prepared per connection (explicit columns).
  const statement = new ShapedStatements({ prepare: true });
  return (db: Db, ...args: A) => statement.run<R>(db, '', args, (value) => build(db, ...(args.map((_, i) => value(i)) as unknown as A)));
}
