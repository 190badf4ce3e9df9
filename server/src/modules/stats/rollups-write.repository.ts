import { sql, type Kysely, type QueryCreator } from 'kysely';
import type { Database, DbOrTrx } from '../../db/database';
import { engineOf } from '../../db/dialect-sql';
import { rowValues, ShapedStatements, type Bound } from '../../db/shaped-statements';
import { ROWS_PER_STATEMENT, statementChunks as chunks } from '../../db/statement-chunks';
import type { RollupBatch } from './rollup-batch';
import { ROLLUP_COUNTERS } from './rollups.table';

type AddingTable =
  | 'click_rollups'
  | 'click_referrer_rollups'
  | 'click_profile_totals'
  | 'click_daily_rollups'
  | 'click_daily_referrers'
  | 'click_profile_slots';

type Loose = Kysely<Record<string, Record<string, Bound>>>;
export type Row = Record<string, Bound>;

/**
 * One table's part of a batch's write: an upsert (its key columns, the counters the deltas add
 * to) or, with no keys, rows inserted as they are (the batch's click events); rows in key order.
 */
export interface TableWrite {
  table: AddingTable | 'click_events';
  columns: readonly string[];
  keys: readonly string[];
  counters: readonly string[];
  rows: Row[];
}

function upsert<T extends AddingTable>(
  table: T,
  keys: ReadonlyArray<keyof Database[T] & string>,
  counters: ReadonlyArray<keyof Database[T] & string>,
  rows: Row[],
): TableWrite {
  return { table, columns: [...keys, ...counters], keys, counters, rows };
}

/**
 * `INSERT … ON CONFLICT (keys) DO UPDATE SET n = n + excluded.n` for every counter: the rows'
 * deltas added to what is stored; a plain INSERT for a write without keys. `rows` are the rows'
 * values as marks of db/shaped-statements.ts. (Kysely's builder types cannot follow a union of
 * table names: `upsert` checks the columns.)
 */
function upsertQuery(db: Loose | QueryCreator<Record<string, Row>>, u: TableWrite, rows: Row[]) {
  const name: string = u.table;
  const insert = db.insertInto(name).values(rows);
  if (u.keys.length === 0) return insert;
  return insert.onConflict((oc) =>
    oc
      .columns([...u.keys])
      .doUpdateSet(Object.fromEntries(u.counters.map((c) => [c, sql`${sql.ref(`${name}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]))),
  );
}

/** The upserts' values in one list, and the builder's rows of marks for each upsert (from `offset` on). */
function laidOut(upserts: TableWrite[]): { values: Bound[]; rowsOf: Array<(value: (i: number) => never) => Row[]> } {
  const values: Bound[] = [];
  const rowsOf = upserts.map((u) => {
    const offset = values.length;
    const layout = rowValues(u.columns, u.rows);
    values.push(...layout.values);
    return (value: (i: number) => never) => layout.rowsOf((i) => value(offset + i));
  });
  return { values, rowsOf };
}

/** The SQL of a batch's upserts depends only on which tables get how many rows: compiled once per shape. */
const upserts = new ShapedStatements();
const shapeOf = (todo: TableWrite[]) => todo.map((u) => `${u.table}:${u.rows.length}`).join(',');

/**
 * The writes, in this order. PostgreSQL: ONE statement (data-modifying WITH clauses), a round
 * trip instead of seven (the events and six roll-up levels) — each is a round trip during which
 * the batch holds the clicked link's row and another API node waits for it (decision 0078); the
 * roll-up levels of migration 0011 measured +3.4 ms per batch as statements of their own. Its sub-statements touch different tables, each in key order, and
 * every batch sends the same statement shape, so two nodes take the locks in the same order.
 * SQLite (in process, no round trips), or more than 500 rows in a table: one statement per
 * 500 rows of each table.
 */
async function writeUpserts(trx: DbOrTrx, all: TableWrite[]): Promise<void> {
  const loose = trx as unknown as Loose;
  const todo = all.filter((u) => u.rows.length > 0);
  if (engineOf(trx) === 'postgres' && todo.length > 1 && todo.every((u) => u.rows.length <= ROWS_PER_STATEMENT)) {
    const { values, rowsOf } = laidOut(todo);
    await upserts.run(trx, `with:${shapeOf(todo)}`, values, (value) => {
      let creator: QueryCreator<Record<string, Row>> = loose;
      todo.slice(0, -1).forEach((u, i) => {
        creator = creator.with(`w${i}`, (db) =>
          upsertQuery(db, u, rowsOf[i](value)).returning(sql<number>`1`.as('one')),
        ) as unknown as QueryCreator<Record<string, Row>>;
      });
      const last = todo.length - 1;
      return upsertQuery(creator, todo[last], rowsOf[last](value));
    });
    return;
  }
  for (const u of todo)
    for (const part of chunks(u.rows)) {
      const one = { ...u, rows: part };
      const { values, rowsOf } = laidOut([one]);
      await upserts.run(trx, shapeOf([one]), values, (value) => upsertQuery(loose, one, rowsOf[0](value)));
    }
}

const VISITOR_COLUMNS = ['user_id', 'day', 'visitor'] as const;
const sightingInserts = new ShapedStatements();

/**
 * Writes one batch's roll-up deltas inside its transaction, just before the COMMIT, with
 * `inserts` (the batch's click events) written first: the visitors first seen today (their sightings the table did not hold yet), then one upsert per
 * table that adds the deltas to what is stored: the 15-minute slots per link (0009), the daily
 * and profile-level levels read by the Stats page (0011), the referrers and the totals.
 */
export async function writeRollups(trx: DbOrTrx, batch: RollupBatch, inserts: TableWrite[] = []): Promise<void> {
  for (const part of chunks(batch.visitorSightings())) {
    const { values, rowsOf } = rowValues(
      VISITOR_COLUMNS,
      part.map((s) => ({ user_id: s.userId, day: s.day, visitor: s.visitor })),
    );
    const inserted = await sightingInserts.run(trx, String(part.length), values, (value) =>
      trx
        .insertInto('click_visitor_days')
        .values(rowsOf(value))
        .onConflict((oc) => oc.columns(['user_id', 'day', 'visitor']).doNothing())
        .returning(['user_id', 'day', 'visitor']),
    );
    const fresh = new Set(inserted.map((r) => `${r.user_id}\u0000${r.day}\u0000${r.visitor}`));
    for (const s of part) if (fresh.has(`${s.userId}\u0000${s.day}\u0000${s.visitor}`)) batch.creditVisitor(s);
  }

  await writeUpserts(trx, [
    ...inserts,
    upsert(
      'click_rollups',
      ['user_id', 'slot', 'link_id'],
      ROLLUP_COUNTERS,
      batch.rollupRows().map((r) => ({ user_id: r.userId, slot: r.slot, link_id: r.linkId, ...r.counters })),
    ),
    upsert(
      'click_daily_rollups',
      ['user_id', 'day', 'link_id'],
      ROLLUP_COUNTERS,
      batch.dailyRows().map((r) => ({ user_id: r.userId, day: r.day, link_id: r.linkId, ...r.counters })),
    ),
    upsert(
      'click_profile_slots',
      ['user_id', 'slot'],
      ['counted', 'repeat', 'bot'],
      batch.profileSlotRows().map((r) => ({ user_id: r.userId, slot: r.slot, counted: r.counted, repeat: r.repeat, bot: r.bot })),
    ),
    upsert(
      'click_referrer_rollups',
      ['user_id', 'slot', 'host'],
      ['all_clicks', 'counted'],
      batch.referrerRows().map((r) => ({ user_id: r.userId, slot: r.slot, host: r.host, all_clicks: r.all, counted: r.counted })),
    ),
    upsert(
      'click_daily_referrers',
      ['user_id', 'day', 'host'],
      ['all_clicks', 'counted'],
      batch.dailyReferrerRows().map((r) => ({ user_id: r.userId, day: r.day, host: r.host, all_clicks: r.all, counted: r.counted })),
    ),
    upsert(
      'click_profile_totals',
      ['user_id'],
      ['counted', 'repeat', 'bot', 'visitors'],
      batch.totalsRows().map((t) => ({ user_id: t.userId, counted: t.counted, repeat: t.repeat, bot: t.bot, visitors: t.visitors })),
    ),
  ]);
}
