import { sql, type Kysely } from 'kysely';
import type { Database, DbOrTrx } from '../../db/database';
import type { RollupBatch } from './rollup-batch';
import { ROLLUP_COUNTERS } from './rollups.table';

/** Rows per INSERT: far below either engine's limit on bound parameters (SQLite 32,766; PostgreSQL 65,535). */
const ROWS_PER_STATEMENT = 500;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

type AddingTable =
  | 'click_rollups'
  | 'click_referrer_rollups'
  | 'click_profile_totals'
  | 'click_daily_rollups'
  | 'click_daily_referrers'
  | 'click_profile_slots';

/**
 * `INSERT … ON CONFLICT (keys) DO UPDATE SET n = n + excluded.n` for every counter: the rows'
 * deltas added to what is stored, one statement per 500 rows, rows in key order.
 */
async function upsertAdding<T extends AddingTable>(
  trx: DbOrTrx,
  table: T,
  keys: ReadonlyArray<keyof Database[T] & string>,
  counters: ReadonlyArray<keyof Database[T] & string>,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  for (const part of chunks(rows)) {
    // Kysely's builder types cannot follow a union of table names: the signature checks the columns.
    const loose = trx as unknown as Kysely<Record<string, Record<string, number | string>>>;
    const name: string = table;
    await loose
      .insertInto(name)
      .values(part as Array<Record<string, number | string>>)
      .onConflict((oc) =>
        oc
          .columns([...keys])
          .doUpdateSet(Object.fromEntries(counters.map((c: string) => [c, sql`${sql.ref(`${name}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]))),
      )
      .execute();
  }
}

/**
 * Writes one batch's roll-up deltas inside its transaction, just before the COMMIT: the
 * visitors first seen today (their sightings the table did not hold yet), then one upsert per
 * table that adds the deltas to what is stored: the 15-minute slots per link (0009), the daily
 * and profile-level levels read by the Stats page (0011), the referrers and the totals.
 */
export async function writeRollups(trx: DbOrTrx, batch: RollupBatch): Promise<void> {
  for (const part of chunks(batch.visitorSightings())) {
    const inserted = await trx
      .insertInto('click_visitor_days')
      .values(part.map((s) => ({ user_id: s.userId, day: s.day, visitor: s.visitor })))
      .onConflict((oc) => oc.columns(['user_id', 'day', 'visitor']).doNothing())
      .returning(['user_id', 'day', 'visitor'])
      .execute();
    const fresh = new Set(inserted.map((r) => `${r.user_id}\u0000${r.day}\u0000${r.visitor}`));
    for (const s of part) if (fresh.has(`${s.userId}\u0000${s.day}\u0000${s.visitor}`)) batch.creditVisitor(s);
  }

  await upsertAdding(
    trx,
    'click_rollups',
    ['user_id', 'slot', 'link_id'],
    ROLLUP_COUNTERS,
    batch.rollupRows().map((r) => ({ user_id: r.userId, slot: r.slot, link_id: r.linkId, ...r.counters })),
  );
  await upsertAdding(
    trx,
    'click_daily_rollups',
    ['user_id', 'day', 'link_id'],
    ROLLUP_COUNTERS,
    batch.dailyRows().map((r) => ({ user_id: r.userId, day: r.day, link_id: r.linkId, ...r.counters })),
  );
  await upsertAdding(
    trx,
    'click_profile_slots',
    ['user_id', 'slot'],
    ['counted', 'repeat', 'bot'],
    batch.profileSlotRows().map((r) => ({ user_id: r.userId, slot: r.slot, counted: r.counted, repeat: r.repeat, bot: r.bot })),
  );
  await upsertAdding(
    trx,
    'click_referrer_rollups',
    ['user_id', 'slot', 'host'],
    ['all_clicks', 'counted'],
    batch.referrerRows().map((r) => ({ user_id: r.userId, slot: r.slot, host: r.host, all_clicks: r.all, counted: r.counted })),
  );
  await upsertAdding(
    trx,
    'click_daily_referrers',
    ['user_id', 'day', 'host'],
    ['all_clicks', 'counted'],
    batch.dailyReferrerRows().map((r) => ({ user_id: r.userId, day: r.day, host: r.host, all_clicks: r.all, counted: r.counted })),
  );
  await upsertAdding(
    trx,
    'click_profile_totals',
    ['user_id'],
    ['counted', 'repeat', 'bot', 'visitors'],
    batch.totalsRows().map((t) => ({ user_id: t.userId, counted: t.counted, repeat: t.repeat, bot: t.bot, visitors: t.visitors })),
  );
}
