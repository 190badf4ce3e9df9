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

/**
 * A profile's clicks per 15-minute slot in [from, to), optionally of one link, oldest first: a
 * range read of the roll-ups' primary key (user_id, slot, link_id), never of raw events.
 */
export async function readSlotCounts(db: DbOrTrx, q: { userId: string; range: Range; linkId?: string }): Promise<SlotCounts[]> {
  let query = db
    .selectFrom('click_rollups')
    .select((eb) => [
      'slot',
      eb.fn.sum<number>('counted').as('counted'),
      eb.fn.sum<number>('repeat').as('repeat'),
      eb.fn.sum<number>('bot').as('bot'),
    ])
    .where('user_id', '=', q.userId)
    .where('slot', '>=', iso(q.range.from))
    .where('slot', '<', iso(q.range.to));
  if (q.linkId !== undefined) query = query.where('link_id', '=', q.linkId);
  const rows = await query.groupBy('slot').orderBy('slot').execute();
  return rows.map((r) => ({ slot: Date.parse(r.slot), counted: Number(r.counted), repeat: Number(r.repeat), bot: Number(r.bot) }));
}

/** Every counter of each link ('' = no link) over the range. */
export async function readLinkCounters(
  db: DbOrTrx,
  q: { userId: string; range: Range },
): Promise<Array<{ linkId: string } & RollupCounters>> {
  const rows = await db
    .selectFrom('click_rollups')
    .select((eb) => ['link_id', ...ROLLUP_COUNTERS.map((c) => eb.fn.sum<number>(c).as(c))])
    .where('user_id', '=', q.userId)
    .where('slot', '>=', iso(q.range.from))
    .where('slot', '<', iso(q.range.to))
    .groupBy('link_id')
    .execute();
  return rows.map((r) => {
    const counters = Object.fromEntries(
      ROLLUP_COUNTERS.map((c) => [c, Number((r as Record<string, unknown>)[c])]),
    ) as unknown as RollupCounters;
    return { linkId: r.link_id, ...counters };
  });
}

/** The referrer hosts with the most clicks in the range ('' = none), most first, then by name. */
export async function readTopReferrers(
  db: DbOrTrx,
  q: { userId: string; range: Range; limit: number },
): Promise<Array<{ host: string; all: number; counted: number }>> {
  const rows = await db
    .selectFrom('click_referrer_rollups')
    .select((eb) => ['host', eb.fn.sum<number>('all_clicks').as('all'), eb.fn.sum<number>('counted').as('counted')])
    .where('user_id', '=', q.userId)
    .where('slot', '>=', iso(q.range.from))
    .where('slot', '<', iso(q.range.to))
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
