import type { Database, DbOrTrx } from '../../db/database';
import { inOneStatement, type Row, type TableWrite } from '../../db/batch-write';
import { engineOf } from '../../db/dialect-sql';
import type { RollupBatch } from './rollup-batch';
import { countFresh, creditSightingsApart, sightingCredits, sightingsWrite, type SightingCredits } from './visitor-sightings';
import { ROLLUP_COUNTERS } from './rollups.table';

type AddingTable =
  | 'click_rollups'
  | 'click_referrer_rollups'
  | 'click_profile_totals'
  | 'click_daily_rollups'
  | 'click_daily_referrers'
  | 'click_profile_slots';

function upsert<T extends AddingTable>(
  table: T,
  keys: ReadonlyArray<keyof Database[T] & string>,
  counters: ReadonlyArray<keyof Database[T] & string>,
  rows: Row[],
  computed?: TableWrite['computed'],
): TableWrite {
  return { table, columns: [...keys, ...counters], keys, counters, rows, computed };
}

/**
 * One batch's roll-up deltas as table writes, handed to the click ledger just before its COMMIT
 * (issue 27: the roll-ups are a subscriber of the ledger; db/batch-write.ts writes them with the
 * batch's events): the visitors first seen today (visitor-sightings.ts), then one upsert per table
 * that adds the deltas to what is stored: the 15-minute slots per link (0009), the daily and
 * profile-level levels read by the Stats page (0011), the referrers and the totals.
 * PostgreSQL: the sightings are a clause of the batch's one statement and each row's visitors are
 * counted in SQL; SQLite (or a batch too large for one statement): the sightings are inserted
 * first and the batch credits the new ones before its rows are written.
 */
export async function rollupWrites(trx: DbOrTrx, batch: RollupBatch): Promise<TableWrite[]> {
  const sightings = batch.visitorSightings();
  if (engineOf(trx) === 'postgres') {
    const together = sightings.length ? [sightingsWrite(sightings), ...levels(batch, sightingCredits(sightings))] : levels(batch);
    if (inOneStatement(trx, together)) return together;
  }
  await creditSightingsApart(trx, batch, sightings);
  return levels(batch);
}

/**
 * The six roll-up levels of a batch. `credits` (one statement, visitor-sightings.ts): each row's
 * `visitors` is the number of its sightings that the statement stored as new, counted in SQL;
 * without, the batch's own counts, credited before.
 */
function levels(batch: RollupBatch, credits?: SightingCredits): TableWrite[] {
  const visitors = credits && { visitors: countFresh };
  return [
    upsert(
      'click_rollups',
      ['user_id', 'slot', 'link_id'],
      ROLLUP_COUNTERS,
      batch.rollupRows().map((r) => ({
        user_id: r.userId,
        slot: r.slot,
        link_id: r.linkId,
        ...r.counters,
        ...(credits && { visitors: credits.ofSlot(r) }),
      })),
      visitors,
    ),
    upsert(
      'click_daily_rollups',
      ['user_id', 'day', 'link_id'],
      ROLLUP_COUNTERS,
      batch
        .dailyRows()
        .map((r) => ({ user_id: r.userId, day: r.day, link_id: r.linkId, ...r.counters, ...(credits && { visitors: credits.ofDay(r) }) })),
      visitors,
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
      batch.totalsRows().map((t) => ({
        user_id: t.userId,
        counted: t.counted,
        repeat: t.repeat,
        bot: t.bot,
        visitors: credits ? credits.ofProfile(t) : t.visitors,
      })),
      visitors,
    ),
  ];
}
