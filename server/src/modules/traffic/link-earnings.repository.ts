import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { LinkEarnings } from './optimize';

/**
 * What each of a profile's links earned, all time (rotation mode `optimize`, issue 30): its
 * lifetime counted clicks and its attributed, not refunded sales in the profile's currency (sales
 * in another currency are not summed: no exchange rate is guessed, decision 0150). One statement
 * per run of a profile's visits, and only in that mode (conversions_link_idx).
 */
export async function readLinkEarnings(db: DbOrTrx, userId: string): Promise<Map<string, LinkEarnings>> {
  const currency = sql<string>`coalesce((select s.currency from conversion_settings as s where s.user_id = ${userId}), 'USD')`;
  const rows = await db
    .selectFrom('links as l')
    .leftJoin('conversions as c', (join) =>
      join.onRef('c.link_id', '=', 'l.id').on('c.attributed', '=', 1).on('c.refunded_at', 'is', null).on('c.currency', '=', currency),
    )
    .select(['l.id', 'l.counted_clicks'])
    .select((eb) => [
      eb.fn.count<number>('c.id').as('conversions'),
      eb.fn.coalesce(eb.fn.sum<number>('c.amount_minor'), sql<number>`0`).as('revenue'),
    ])
    .where('l.user_id', '=', userId)
    .groupBy(['l.id', 'l.counted_clicks'])
    .execute();
  return new Map(
    rows.map((r) => [r.id, { clicks: Number(r.counted_clicks), conversions: Number(r.conversions), revenueMinor: Number(r.revenue) }]),
  );
}
