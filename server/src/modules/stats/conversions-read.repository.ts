import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { CONVERSION_DEFAULTS } from '../conversions';
import type { Range } from './stats-range';

/**
 * Issue 30: the conversion reads of the Stats calls. Conversions are few beside clicks (one per
 * tens or hundreds of clicks), so they are read from their own table through its
 * (user_id, created_at) index, grouped in SQL where the answer is a total.
 */
const iso = (ms: number) => new Date(ms).toISOString();

export interface ConversionGroup {
  linkId: string | null;
  source: 'page' | 'rotator' | null;
  attributed: boolean;
  refunded: boolean;
  currency: string;
  count: number;
  minor: number;
}

/** A profile's conversions that arrived in the range, grouped by what the summary splits them by. */
export async function readConversionGroups(db: DbOrTrx, q: { userId: string; range: Range }): Promise<ConversionGroup[]> {
  const refunded = sql<number>`case when refunded_at is null then 0 else 1 end`;
  const rows = await db
    .selectFrom('conversions')
    .select([
      'link_id',
      'source',
      'attributed',
      'currency',
      refunded.as('refunded'),
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.sum<string | number>('amount_minor').as('minor'),
    ])
    .where('user_id', '=', q.userId)
    .where('created_at', '>=', iso(q.range.from))
    .where('created_at', '<', iso(q.range.to))
    .groupBy(['link_id', 'source', 'attributed', 'currency', refunded])
    .execute();
  return rows.map((r) => ({
    linkId: r.link_id,
    source: r.source,
    attributed: Number(r.attributed) !== 0,
    refunded: Number(r.refunded) !== 0,
    currency: r.currency,
    count: Number(r.n),
    minor: Number(r.minor ?? 0),
  }));
}

/** The attributed, not refunded conversions of a profile (or one link) in the range, oldest first: a series places each in its bucket. */
export async function readCountedConversions(
  db: DbOrTrx,
  q: { userId: string; range: Range; linkId?: string },
): Promise<{ created_at: string; amount_minor: number | string; currency: string }[]> {
  let query = db
    .selectFrom('conversions')
    .select(['created_at', 'amount_minor', 'currency'])
    .where('user_id', '=', q.userId)
    .where('created_at', '>=', iso(q.range.from))
    .where('created_at', '<', iso(q.range.to))
    .where('attributed', '=', 1)
    .where('refunded_at', 'is', null);
  if (q.linkId !== undefined) query = query.where('link_id', '=', q.linkId);
  return query.orderBy('created_at').execute();
}

/** Per profile and currency: attributed, not refunded conversions in the range (the dashboard's revenue). */
export async function readProfileRevenue(
  db: DbOrTrx,
  userIds: string[],
  range: Range,
): Promise<{ user_id: string; currency: string; n: number; minor: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('conversions')
    .select([
      'user_id',
      'currency',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.sum<string | number>('amount_minor').as('minor'),
    ])
    .where('user_id', 'in', userIds)
    .where('created_at', '>=', iso(range.from))
    .where('created_at', '<', iso(range.to))
    .where('attributed', '=', 1)
    .where('refunded_at', 'is', null)
    .groupBy(['user_id', 'currency'])
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, currency: r.currency, n: Number(r.n), minor: Number(r.minor ?? 0) }));
}

/** Change stamps of profiles' conversions (a new sale or a refund changes it): part of the Stats ETags. */
export async function readConversionStamps(db: DbOrTrx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversions')
    .select([
      'user_id',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.count<string | number>('refunded_at').as('r'),
      (eb) => eb.fn.max('created_at').as('last'),
    ])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  const settings = await db.selectFrom('conversion_settings').select(['user_id', 'currency']).where('user_id', 'in', userIds).execute();
  const currency = new Map(settings.map((s) => [s.user_id, s.currency]));
  const out = new Map<string, string>(userIds.map((id) => [id, `0/${currency.get(id) ?? ''}`]));
  for (const r of rows) out.set(r.user_id, `${Number(r.n)}.${Number(r.r)}.${r.last ?? ''}/${currency.get(r.user_id) ?? ''}`);
  return out;
}

/** A profile's currency (its settings, else the default). */
export async function readProfileCurrency(db: DbOrTrx, userId: string): Promise<string> {
  const row = await db.selectFrom('conversion_settings').select('currency').where('user_id', '=', userId).executeTakeFirst();
  return row?.currency ?? CONVERSION_DEFAULTS.currency;
}
