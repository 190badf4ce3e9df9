import type { AdminUserStats, StatsTotals } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../../db/database';
import { NotFound } from '../../errors';
import { USER_NOT_FOUND } from '../users';
import { findUserById } from '../users';
import type { ProfileTotals } from './rollups-read.repository';
import { slotRange } from './stats-range';

const DAY_MS = 86_400_000;

const totalsOf = (t: ProfileTotals | undefined): StatsTotals => {
  const v = t ?? { counted: 0, repeat: 0, bot: 0, visitors: 0 };
  return { counted: v.counted, repeat: v.repeat, bot: v.bot, all: v.counted + v.repeat + v.bot, unique_visitors: v.visitors };
};

const add = (a: StatsTotals, b: StatsTotals): StatsTotals => ({
  counted: a.counted + b.counted,
  repeat: a.repeat + b.repeat,
  bot: a.bot + b.bot,
  all: a.all + b.all,
  unique_visitors: a.unique_visitors + b.unique_visitors,
});

/** The member and its sub-profiles (member first), with their display names. */
export async function profilesOf(db: DbOrTrx, userId: string): Promise<Array<{ user_id: string; name: string }>> {
  const user = await findUserById(db, userId);
  if (!user) throw new NotFound(USER_NOT_FOUND);
  const subs = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'title'])
    .where('parent_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const name = (u: { first_name: string; last_name: string; title: string }) => `${u.first_name} ${u.last_name}`.trim() || u.title;
  return [{ user_id: user.id, name: name(user) }, ...subs.map((s) => ({ user_id: s.id, name: name(s) }))];
}

/** The last 30 days of a set of profiles, summed from the roll-ups (a few thousand rows per profile). */
async function lastDays(db: DbOrTrx, userIds: string[], now: number): Promise<StatsTotals> {
  const range = slotRange({ from: now - 30 * DAY_MS, to: now });
  const row = await db
    .selectFrom('click_rollups')
    .select((eb) => [
      eb.fn.sum<number>('counted').as('counted'),
      eb.fn.sum<number>('repeat').as('repeat'),
      eb.fn.sum<number>('bot').as('bot'),
      eb.fn.sum<number>('visitors').as('visitors'),
    ])
    .where('user_id', 'in', userIds)
    .where('slot', '>=', new Date(range.from).toISOString())
    .where('slot', '<', new Date(range.to).toISOString())
    .executeTakeFirst();
  return totalsOf({
    counted: Number(row?.counted ?? 0),
    repeat: Number(row?.repeat ?? 0),
    bot: Number(row?.bot ?? 0),
    visitors: Number(row?.visitors ?? 0),
  });
}

/** GET /api/admin/userstats/:userId: the member's clicks, all time and the last 30 days, and per profile. */
export async function adminUserStats(
  db: DbOrTrx,
  o: { profiles: Array<{ user_id: string; name: string }>; totals: Map<string, ProfileTotals>; now: number },
): Promise<AdminUserStats> {
  const ids = o.profiles.map((p) => p.user_id);
  const profiles = o.profiles.map((p) => ({ ...p, ...totalsOf(o.totals.get(p.user_id)) }));
  const zero = totalsOf(undefined);
  return {
    user_id: ids[0],
    all_time: profiles.reduce<StatsTotals>((sum, p) => add(sum, p), zero),
    last_30_days: await lastDays(db, ids, o.now),
    profiles,
  };
}
