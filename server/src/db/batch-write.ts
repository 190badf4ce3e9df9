import { sql, type AliasedRawBuilder, type Kysely, type QueryCreator, type RawBuilder } from 'kysely';
import type { Database, DbOrTrx } from './database';
import { engineOf } from './dialect-sql';
import { rowValues, ShapedStatements, type Bound, type ClosingWrite } from './shaped-statements';
import { ROWS_PER_STATEMENT, statementChunks as chunks } from './statement-chunks';

/*
 * A group-commit batch's table writes as few statements as the engine allows (decisions 0064,
 * 0075, 0082; moved here from stats/ by issue 27 so that the click ledger and its subscribers —
 * the roll-ups — can join their writes without the ledger knowing any subscriber): the ledger
 * hands over its click events and each subscriber's writes, and this file writes them.
 */

type Loose = Kysely<Record<string, Record<string, Bound>>>;
export type Row = Record<string, Bound>;
type Creator = QueryCreator<Record<string, Row>>;

/**
 * One table's part of a batch's write: an upsert (its key columns, the counters the deltas add
 * to; no counters: rows already stored are left as they are) or, with no keys, rows inserted as
 * they are (the batch's click events); rows in key order. In the batch's one PostgreSQL
 * statement, `as` names its WITH clause and `returning` what that clause gives the others, and a
 * `computed` column's bound value goes through SQL over the other clauses before it is stored.
 */
export interface TableWrite {
  /** A table of the schema (a feature's writes: the events, the sightings, the roll-up levels). */
  table: string;
  columns: readonly string[];
  keys: readonly string[];
  counters: readonly string[];
  rows: Row[];
  as?: string;
  returning?: AliasedRawBuilder<unknown, string>[];
  computed?: Record<string, (bound: never) => RawBuilder<unknown>>;
  /**
   * PostgreSQL's type of each column (in `columns` order), for a write whose row count changes
   * from batch to batch (the events, the sightings): in the batch's one statement its rows go as
   * one array per column, `select * from unnest(…)`, so the statement's text does not depend on
   * how many there are and stays prepared (see `oneStatement` below). No `computed` columns with it.
   */
  columnTypes?: readonly string[];
}

/**
 * `INSERT … ON CONFLICT (keys) DO UPDATE SET n = n + excluded.n` for every counter: the rows'
 * deltas added to what is stored; `DO NOTHING` for keys without counters; a plain INSERT for a
 * write without keys. `rows` are the rows' values as marks of db/shaped-statements.ts. (Kysely's
 * builder types cannot follow a union of table names: `upsert` checks the columns.)
 */
function upsertQuery(db: Loose | Creator, u: TableWrite, rows: Row[] | RawBuilder<unknown>) {
  const name: string = u.table;
  const { computed } = u;
  let insert;
  if (!Array.isArray(rows))
    insert = db
      .insertInto(name)
      .columns([...u.columns])
      .expression(rows);
  else {
    const values = computed
      ? rows.map((r) => ({ ...r, ...Object.fromEntries(Object.entries(computed).map(([c, f]) => [c, f(r[c] as never)])) }))
      : rows;
    insert = db.insertInto(name).values(values as Row[]);
  }
  if (u.keys.length === 0) return insert;
  if (u.counters.length === 0) return insert.onConflict((oc) => oc.columns([...u.keys]).doNothing());
  return insert.onConflict((oc) =>
    oc
      .columns([...u.keys])
      .doUpdateSet(Object.fromEntries(u.counters.map((c) => [c, sql`${sql.ref(`${name}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]))),
  );
}

type Source = (value: (i: number) => never) => Row[] | RawBuilder<unknown>;

/**
 * The upserts' values in one list, and for each upsert what the builder inserts (from `offset`
 * on): rows of marks, or with `asArrays` and `columnTypes`, `select * from unnest(…)` over one
 * bound array per column.
 */
function laidOut(upserts: TableWrite[], asArrays = false): { values: Bound[]; sources: Source[] } {
  const values: Bound[] = [];
  const sources = upserts.map((u): Source => {
    const offset = values.length;
    const types = asArrays ? u.columnTypes : undefined;
    if (types) {
      for (const c of u.columns) values.push(u.rows.map((r) => r[c] as string | number | null));
      return (value) => sql`select * from unnest(${sql.join(types.map((t, j) => sql`cast(${value(offset + j)} as ${sql.raw(t)}[])`))})`;
    }
    const layout = rowValues(u.columns, u.rows);
    values.push(...layout.values);
    return (value) => layout.rowsOf((i) => value(offset + i));
  });
  return { values, sources };
}

/**
 * The SQL of a batch's upserts depends only on which tables get how many rows — in the one
 * PostgreSQL statement, not even on that for the events and sightings (`columnTypes`): compiled
 * once per shape. The one statement is also a named prepared statement on PostgreSQL
 * (db/pg-prepared.ts): parsing and planning it anew took 0.7 ms of the database's CPU per batch,
 * more than half its cost (decision 0084). A blast on one link sends one shape; the first 64 are
 * named. The statements of a batch too large for one (500 rows a table) are rare: never named.
 */
const oneStatement = new ShapedStatements({ prepare: true, maxPrepared: 64 });
const chunked = new ShapedStatements();
const shapeOf = (todo: TableWrite[], asArrays = false) =>
  todo.map((u) => `${u.table}:${asArrays && u.columnTypes ? '*' : u.rows.length}`).join(',');

/** Whether these writes go as the batch's ONE statement (below): PostgreSQL, every table's rows in one. */
export function inOneStatement(trx: DbOrTrx, writes: TableWrite[]): boolean {
  return engineOf(trx) === 'postgres' && writes.every((u) => u.rows.length <= ROWS_PER_STATEMENT);
}

/**
 * The writes, in this order. PostgreSQL: ONE statement (data-modifying WITH clauses), a round
 * trip instead of eight (the visitor sightings, the events and six roll-up levels) — each is a
 * round trip during which the batch holds the clicked link's row and another API node waits for
 * it (decisions 0078, 0082); the roll-up levels of migration 0011 measured +3.4 ms per batch as
 * statements of their own. Its sub-statements touch different tables, each in key order, and
 * every batch sends the same statement shape, so two nodes take the locks in the same order.
 * `closing` (the run's link counters, decision 0082) ends that statement; elsewhere it runs after
 * the others. SQLite (in process, no round trips), or more than 500 rows in a table: one
 * statement per 500 rows of each table (no `computed` columns there).
 */
export async function writeTogether(trx: DbOrTrx, all: TableWrite[], closing?: ClosingWrite): Promise<void> {
  const loose = trx as unknown as Loose;
  const todo = all.filter((u) => u.rows.length > 0);
  if (todo.length + (closing ? 1 : 0) > 1 && inOneStatement(trx, todo)) {
    const { values, sources } = laidOut(todo, true);
    const offset = values.length;
    if (closing) values.push(...closing.values);
    const shape = `with:${shapeOf(todo, true)}${closing ? `;${closing.shape}` : ''}`;
    await oneStatement.run(trx, shape, values, (value) => {
      let creator: Creator = loose;
      const withs = closing ? todo : todo.slice(0, -1);
      withs.forEach((u, i) => {
        creator = creator.with(u.as ?? `w${i}`, (db) =>
          upsertQuery(db, u, sources[i](value)).returning(u.returning ?? [sql<number>`1`.as('one')]),
        ) as unknown as Creator;
      });
      if (closing) return closing.build(creator as unknown as QueryCreator<Database>, (i) => value(offset + i));
      const last = todo.length - 1;
      return upsertQuery(creator, todo[last], sources[last](value));
    });
    return;
  }
  for (const u of todo) {
    // A computed column reads another clause of the one statement: it cannot go alone.
    if (u.computed) throw new Error(`${u.table}: a write with computed columns must go in the batch's one statement`);
    for (const part of chunks(u.rows)) {
      const one = { ...u, rows: part };
      const { values, sources } = laidOut([one]);
      await chunked.run(trx, shapeOf([one]), values, (value) => upsertQuery(loose, one, sources[0](value)));
    }
  }
  await closing?.alone(trx);
}
