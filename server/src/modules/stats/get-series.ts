import type { StatsBucket, StatsSeries } from '@rotalink/shared-api/contract';
import type { StatsIntervalName } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../../db/database';
import { BadRequest } from '../../errors';
import { formatMinor } from '../conversions';
import { readCountedConversions, readProfileCurrency } from './conversions-read.repository';
import { readLinkNames } from './link-names.repository';
import { hasRollupsOfLink, readSlotCounts } from './rollups-read.repository';
import { bucketsOf, type Range } from './stats-range';

/**
 * Time buckets of a profile (or one link) in the member's zone, every bucket present (zeros
 * too): the 15-minute slots of the roll-ups, summed into hours or local days.
 */
export async function getSeries(
  db: DbOrTrx,
  q: { userId: string; range: Range; interval: StatsIntervalName; zone: string; linkId?: string },
): Promise<StatsSeries> {
  const { buckets, end } = bucketsOf(q.range, q.interval, q.zone);
  const first = buckets[0]?.start ?? q.range.from;
  const span = { from: first, to: end };
  const [slots, sales, currency] = await Promise.all([
    readSlotCounts(db, { userId: q.userId, range: span, linkId: q.linkId }),
    readCountedConversions(db, { userId: q.userId, range: span, linkId: q.linkId }),
    readProfileCurrency(db, q.userId),
  ]);

  const out: StatsBucket[] = buckets.map((b) => ({
    start: new Date(b.start).toISOString(),
    local: b.local,
    counted: 0,
    repeat: 0,
    bot: 0,
    conversions: 0,
    revenue: '',
  }));
  let i = 0;
  // Both lists are in time order: one walk places every slot in its bucket.
  for (const s of slots) {
    while (i + 1 < buckets.length && buckets[i + 1].start <= s.slot) i++;
    out[i].counted += s.counted;
    out[i].repeat += s.repeat;
    out[i].bot += s.bot;
  }
  // Issue 30: each sale in the bucket it arrived in (the same buckets, so a day is the member's day).
  const minor = buckets.map(() => 0);
  let j = 0;
  for (const c of sales) {
    const at = Date.parse(c.created_at);
    while (j + 1 < buckets.length && buckets[j + 1].start <= at) j++;
    out[j].conversions += 1;
    if (c.currency === currency) minor[j] += Number(c.amount_minor);
  }
  out.forEach((b, k) => (b.revenue = formatMinor(minor[k], currency)));
  return {
    user_id: q.userId,
    link_id: q.linkId ?? null,
    interval: q.interval,
    tz: q.zone,
    from: new Date(first).toISOString(),
    to: new Date(end).toISOString(),
    currency,
    buckets: out,
  };
}

/** A series of one link: a link of the profile now, or one deleted since that still has clicks in its roll-ups. */
export async function requireSeriesLink(db: DbOrTrx, profileId: string, linkId: string): Promise<void> {
  const known = (await readLinkNames(db, profileId)).some((l) => l.id === linkId);
  if (!known && !(await hasRollupsOfLink(db, profileId, linkId))) throw new BadRequest('link_id is not a link of this profile.');
}
