import type { CompiledQuery, Compilable, QueryCreator } from 'kysely';
import type { Database, DbOrTrx } from './database';
import { engineOf } from './dialect-sql';
import { registerPrepared } from './pg-prepared';

/** A value bound into a statement: ids, ISO times, counters; a list (a PostgreSQL array). */
export type Bound = string | number | null | ReadonlyArray<string | number | null>;

interface Compiled {
  query: CompiledQuery<unknown>;
  /** For each parameter of `query`: the index into the caller's values, or -1 for a constant of the statement. */
  slots: number[];
}

const MARK = (i: number) => `\u0000rotalink-value-${i}\u0000`;

/**
 * Statements whose SQL text depends only on a SHAPE — a multi-row INSERT of n rows, the roll-up
 * upserts of a batch with so many rows per table — built and compiled by Kysely once per shape
 * and database, then run with the values swapped in (db/precompiled.ts does the same for
 * fixed-shape statements). Issue 12/14: building and compiling the batch's INSERT and six
 * upserts was ~25 % of the CPU of a click at 18,000 clicks/s; a batch's shape repeats (one row
 * per table for a run of clicks on one link), so almost every batch now finds its SQL ready.
 * db/precompiled.ts is the one-shape case.
 *
 * `build(value)` writes the statement with `value(i)` standing for the i-th value; each must be
 * used as a query value (bound), never as an identifier or in raw SQL text. At most `maxShapes`
 * shapes are kept per database (oldest out first), so an unusual batch costs a compile, never memory.
 */
export class ShapedStatements {
  private readonly byDatabase = new WeakMap<object, Map<string, Compiled>>();

  private readonly maxShapes: number;
  private readonly prepare: boolean;
  /** Named shapes left: each costs memory on every pooled connection for as long as it lives. */
  private preparable: number;

  /**
   * `prepare`: on PostgreSQL, name each compiled text so every pooled connection keeps it
   * prepared (db/pg-prepared.ts) — the first `maxPrepared` shapes only; later ones go unnamed.
   */
  constructor(options: { maxShapes?: number; prepare?: boolean; maxPrepared?: number } = {}) {
    this.maxShapes = options.maxShapes ?? 2000;
    this.prepare = options.prepare ?? false;
    this.preparable = options.maxPrepared ?? Infinity;
  }

  async run<R>(db: DbOrTrx, shape: string, values: readonly Bound[], build: (value: (i: number) => never) => Compilable<R>): Promise<R[]> {
    // The dialect's adapter is shared by a database and each of its transactions.
    const key = db.getExecutor().adapter;
    let shapes = this.byDatabase.get(key);
    if (!shapes) this.byDatabase.set(key, (shapes = new Map()));
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compileShape(values.length, build as (value: (i: number) => unknown) => Compilable<unknown>);
      if (this.prepare && this.preparable > 0 && engineOf(db) === 'postgres') {
        registerPrepared(compiled.query.sql);
        this.preparable--;
      }
      if (shapes.size >= this.maxShapes) shapes.delete(shapes.keys().next().value as string);
      shapes.set(shape, compiled);
    }
    const { query, slots } = compiled;
    const parameters = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) parameters[i] = slots[i] >= 0 ? values[slots[i]] : query.parameters[i];
    return (await db.executeQuery<R>({ ...query, parameters } as CompiledQuery<R>)).rows;
  }
}

function compileShape(count: number, build: (value: (i: number) => unknown) => Compilable<unknown>): Compiled {
  const marks = Array.from({ length: count }, (_, i) => MARK(i));
  const query = build((i) => marks[i]).compile();
  const index = new Map(marks.map((m, i) => [m, i]));
  const slots = query.parameters.map((p) => (typeof p === 'string' ? (index.get(p) ?? -1) : -1));
  if (new Set(slots.filter((s) => s >= 0)).size !== count)
    throw new Error('shaped statement: every argument must appear as a query value (bound, never SQL text)');
  return { query, slots };
}

/**
 * `rows` laid out for ShapedStatements: the values row after row in `columns` order, and a
 * `rowsOf(value)` that rebuilds row objects of marks for the builder.
 */
export function rowValues<C extends string>(
  columns: readonly C[],
  rows: ReadonlyArray<Record<C, Bound>>,
): { values: Bound[]; rowsOf: (value: (i: number) => never) => Array<Record<C, never>> } {
  const values: Bound[] = [];
  for (const row of rows) for (const c of columns) values.push(row[c]);
  const rowsOf = (value: (i: number) => never) =>
    rows.map((_, r) => Object.fromEntries(columns.map((c, j) => [c, value(r * columns.length + j)])) as Record<C, never>);
  return { values, rowsOf };
}

/**
 * The statement that closes a batch's one PostgreSQL write (stats/rollups-write.repository.ts),
 * with the batch's other writes as its WITH clauses: a run's link counters (decision 0082).
 * `build` writes it on `creator` with `value(i)` standing for `values[i]`; `alone` writes the same
 * as a statement of its own, where there is no single statement to close (SQLite, large batches).
 */
export interface ClosingWrite {
  shape: string;
  values: Bound[];
  build: (creator: QueryCreator<Database>, value: (i: number) => never) => Compilable<unknown>;
  alone: (db: DbOrTrx) => Promise<void>;
}
