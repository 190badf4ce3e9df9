import type { DbOrTrx } from '../../db/database';
import type { RollupBatch } from './rollup-batch';
import { ROLLUP_COUNTERS } from './rollups.table';

/** Rows per INSERT: far below either engine's limit on bound parameters (SQLite 32,766; PostgreSQL 65,535). */
const ROWS_PER_STATEMENT = 500;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/**
 * Writes one batch's roll-up deltas inside its transaction, just before the COMMIT: the
 * visitors first seen today (their sightings the table did not hold yet), then one upsert per
 * table that adds the deltas to what is stored. Each upsert is one statement on rows in key order.
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

  for (const part of chunks(batch.rollupRows())) {
    await trx
      .insertInto('click_rollups')
      .values(part.map((r) => ({ user_id: r.userId, slot: r.slot, link_id: r.linkId, ...r.counters })))
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'slot', 'link_id'])
          .doUpdateSet((eb) =>
            Object.fromEntries(ROLLUP_COUNTERS.map((c) => [c, eb(eb.ref(`click_rollups.${c}`), '+', eb.ref(`excluded.${c}`))])),
          ),
      )
      .execute();
  }

  for (const part of chunks(batch.referrerRows())) {
    await trx
      .insertInto('click_referrer_rollups')
      .values(part.map((r) => ({ user_id: r.userId, slot: r.slot, host: r.host, all_clicks: r.all, counted: r.counted })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'slot', 'host']).doUpdateSet((eb) => ({
          all_clicks: eb('click_referrer_rollups.all_clicks', '+', eb.ref('excluded.all_clicks')),
          counted: eb('click_referrer_rollups.counted', '+', eb.ref('excluded.counted')),
        })),
      )
      .execute();
  }

  for (const part of chunks(batch.totalsRows())) {
    await trx
      .insertInto('click_profile_totals')
      .values(part.map((t) => ({ user_id: t.userId, counted: t.counted, repeat: t.repeat, bot: t.bot, visitors: t.visitors })))
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          counted: eb('click_profile_totals.counted', '+', eb.ref('excluded.counted')),
          repeat: eb('click_profile_totals.repeat', '+', eb.ref('excluded.repeat')),
          bot: eb('click_profile_totals.bot', '+', eb.ref('excluded.bot')),
          visitors: eb('click_profile_totals.visitors', '+', eb.ref('excluded.visitors')),
        })),
      )
      .execute();
  }
}
