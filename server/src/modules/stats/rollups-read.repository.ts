import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { ROLLUP_COUNTERS, type RollupCounters } from './rollups.table';
import type { Range } from './stats-range';

const iso = (ms: number) => new Date(ms).toISOString();

export interface SlotCounts {
  /** UTC milliseconds of the slot. */
  slot: number;
  counted: number;
  repeat: number;
  bot: number;
}

const DAY_MS = 86_400_000;
const day = (ms: number) => iso(ms).slice(0, 10);

/**
 * A slot range cut into what the coarser roll-ups can answer: whole UTC days (read from the
 * daily tables, migration 0011) and the slots before the first and after the last of them
 * (read from the 15-minute tables) — at most 2 × 95 slots, whatever the range's length.
 */
export function splitByUtcDay(r: Range): { days: { from: string; to: string } | null; edges: Range[] } {
  const first = Math.ceil(r.from / DAY_MS) * DAY_MS;
  const last = Math.floor(r.to / DAY_MS) * DAY_MS;
  if (first >= last) return { days: null, edges: [r] };
  const edges = [
    { from: r.from, to: first },
    { from: last, to: r.to },
  ].filter((e) => e.from < e.to);
  return { days: { from: day(first), to: day(last) }, edges };
}

/**
 * A profile's clicks per 15-minute slot in [from, to), oldest first, never from raw events: of
 * all links from click_profile_slots (one row per slot), of one link from click_rollups.
 */
export async function readSlotCounts(db: DbOrTrx, q: { userId: string; range: Range; linkId?: string }): Promise<SlotCounts[]> {
  const rows =
    q.linkId === undefined
      ? await db
          .selectFrom('click_profile_slots')
          .select(['slot', 'counted', 'repeat', 'bot'])
          .where('user_id', '=', q.userId)
          .where('slot', '>=', iso(q.range.from))
          .where('slot', '<', iso(q.range.to))
          .orderBy('slot')
          .execute()
      : await db
          .selectFrom('click_rollups')
          .select(['slot', 'counted', 'repeat', 'bot'])
          .where('user_id', '=', q.userId)
          .where('slot', '>=', iso(q.range.from))
          .where('slot', '<', iso(q.range.to))
          .where('link_id', '=', q.linkId)
          .orderBy('slot')
          .execute();
  return rows.map((r) => ({ slot: Date.parse(r.slot), counted: Number(r.counted), repeat: Number(r.repeat), bot: Number(r.bot) }));
}

/**
 * Whole UTC days UNION ALL the edges' slots (splitByUtcDay): the parts a read sums with one
 * GROUP BY, from `days` (a daily table) and `slots` (its 15-minute table), same columns. A range
 * with no whole day asks `days` for an empty one (one index probe, no row), so the union always
 * starts with the daily table and has one type.
 */
function daysAndEdges<Q extends { unionAll(other: S): Q }, S>(
  range: Range,
  days: (d: { from: string; to: string }) => Q,
  slots: (e: Range) => S,
): Q {
  const split = splitByUtcDay(range);
  return split.edges.reduce((union, e) => union.unionAll(slots(e)), days(split.days ?? { from: '', to: '' }));
}

/** Every counter of each link ('' = no link) over the range: whole UTC days from the daily roll-ups, the edges from the slots. */
export async function readLinkCounters(
  db: DbOrTrx,
  q: { userId: string; range: Range },
): Promise<Array<{ linkId: string } & RollupCounters>> {
  const union = daysAndEdges(
    q.range,
    (d) =>
      db
        .selectFrom('click_daily_rollups')
        .select(['link_id', ...ROLLUP_COUNTERS])
        .where('user_id', '=', q.userId)
        .where('day', '>=', d.from)
        .where('day', '<', d.to),
    (e) =>
      db
        .selectFrom('click_rollups')
        .select(['link_id', ...ROLLUP_COUNTERS])
        .where('user_id', '=', q.userId)
        .where('slot', '>=', iso(e.from))
        .where('slot', '<', iso(e.to)),
  );
  const rows = await db
    .selectFrom(union.as('parts'))
    .select((eb) => ['link_id', ...ROLLUP_COUNTERS.map((c) => eb.fn.sum<number>(c).as(c))])
    .groupBy('link_id')
    .execute();
  return rows.map((r) => {
    const counters = Object.fromEntries(
      ROLLUP_COUNTERS.map((c) => [c, Number((r as Record<string, unknown>)[c])]),
    ) as unknown as RollupCounters;
    return { linkId: r.link_id, ...counters };
  });
}

/** The referrer hosts with the most clicks in the range ('' = none), most first, then by name; days and edges as readLinkCounters. */
export async function readTopReferrers(
  db: DbOrTrx,
  q: { userId: string; range: Range; limit: number },
): Promise<Array<{ host: string; all: number; counted: number }>> {
  const union = daysAndEdges(
    q.range,
    (d) =>
      db
        .selectFrom('click_daily_referrers')
        .select(['host', 'all_clicks', 'counted'])
        .where('user_id', '=', q.userId)
        .where('day', '>=', d.from)
        .where('day', '<', d.to),
    (e) =>
      db
        .selectFrom('click_referrer_rollups')
        .select(['host', 'all_clicks', 'counted'])
        .where('user_id', '=', q.userId)
        .where('slot', '>=', iso(e.from))
        .where('slot', '<', iso(e.to)),
  );
  const rows = await db
    .selectFrom(union.as('parts'))
    .select((eb) => ['host', eb.fn.sum<number>('all_clicks').as('all'), eb.fn.sum<number>('counted').as('counted')])
    .groupBy('host')
    .orderBy(sql`sum(all_clicks)`, 'desc')
    .orderBy('host')
    .limit(q.limit)
    .execute();
  return rows.map((r) => ({ host: r.host, all: Number(r.all), counted: Number(r.counted) }));
}

/** Did this profile's roll-ups ever see this link (a deleted link keeps its history)? */
export async function hasRollupsOfLink(db: DbOrTrx, userId: string, linkId: string): Promise<boolean> {
  const row = await db
    .selectFrom('click_rollups')
    .select('link_id')
    .where('user_id', '=', userId)
    .where('link_id', '=', linkId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ProfileTotals {
  counted: number;
  repeat: number;
  bot: number;
  visitors: number;
}

/** All-time totals of profiles (absent = no click yet). */
export async function readProfileTotals(db: DbOrTrx, userIds: string[]): Promise<Map<string, ProfileTotals>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('click_profile_totals')
    .select(['user_id', 'counted', 'repeat', 'bot', 'visitors'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.user_id,
      { counted: Number(r.counted), repeat: Number(r.repeat), bot: Number(r.bot), visitors: Number(r.visitors) },
    ]),
  );
}

/** A profile's clicks by verdict. */
export interface VerdictCounters {
  counted: number;
  repeat: number;
  bot: number;
}

/**
 * Counted / repeat / bot of each of these profiles over the range, all links together (the
 * dashboard's live counts, GET /api/stats/profiles): whole UTC days from click_daily_rollups, the
 * edges from click_profile_slots (one row per profile and slot), in ONE `UNION ALL … GROUP BY`.
 * The rows read grow with the profiles and the range, never with the clicks. No clicks = absent.
 */
export async function readProfileCounts(db: DbOrTrx, userIds: string[], range: Range): Promise<Map<string, VerdictCounters>> {
  if (userIds.length === 0) return new Map();
  const union = daysAndEdges(
    range,
    (d) =>
      db
        .selectFrom('click_daily_rollups')
        .select(['user_id', 'counted', 'repeat', 'bot'])
        .where('user_id', 'in', userIds)
        .where('day', '>=', d.from)
        .where('day', '<', d.to),
    (e) =>
      db
        .selectFrom('click_profile_slots')
        .select(['user_id', 'counted', 'repeat', 'bot'])
        .where('user_id', 'in', userIds)
        .where('slot', '>=', iso(e.from))
        .where('slot', '<', iso(e.to)),
  );
  const rows = await db
    .selectFrom(union.as('parts'))
    .select((eb) => [
      'user_id',
      eb.fn.sum<number>('counted').as('counted'),
      eb.fn.sum<number>('repeat').as('repeat'),
      eb.fn.sum<number>('bot').as('bot'),
    ])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, { counted: Number(r.counted), repeat: Number(r.repeat), bot: Number(r.bot) }]));
}
