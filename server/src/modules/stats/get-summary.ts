import type { StatsLinkRow, StatsSummary } from '@rotalink/shared-api/contract';
import { CLICK_SOURCES, DEVICE_CLASSES, TOP_REFERRERS } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../../db/database';
import { summaryConversions } from './conversion-figures';
import { readConversionGroups, readProfileCurrency } from './conversions-read.repository';
import { zeroCounters } from './rollup-batch';
import { readLinkCounters, readTopReferrers } from './rollups-read.repository';
import { ROLLUP_COUNTERS, type RollupCounters } from './rollups.table';
import type { Range } from './stats-range';

export interface LinkName {
  id: string;
  name: string;
  url: string;
}

const DEVICE_COLUMN = { mobile: 'mobile', tablet: 'tablet', desktop: 'desktop', bot: 'bot_device' } as const;

/**
 * The summary of a profile over a slot range, from the roll-ups only: two grouped reads (per link,
 * per referrer host) whose sizes depend on the range's slots, never on the number of clicks.
 */
export async function getSummary(db: DbOrTrx, q: { userId: string; range: Range; links: LinkName[] }): Promise<StatsSummary> {
  const [perLink, referrers, groups, currency] = await Promise.all([
    readLinkCounters(db, q),
    readTopReferrers(db, { userId: q.userId, range: q.range, limit: TOP_REFERRERS }),
    readConversionGroups(db, q),
    readProfileCurrency(db, q.userId),
  ]);
  const sum: RollupCounters = zeroCounters();
  for (const row of perLink) for (const c of ROLLUP_COUNTERS) sum[c] += row[c];
  // Issue 29: "Counted" is the clicks that reached a link. A rotator visit that found no pending
  // link (link_id '' in the roll-ups: the finish page or the backup URL) is its own figure.
  const noLink = perLink.find((row) => row.linkId === '')?.counted ?? 0;

  const names = new Map(q.links.map((l) => [l.id, l]));
  const links: StatsLinkRow[] = perLink
    .map((row) => {
      const known = names.get(row.linkId);
      const all = row.counted + row.repeat + row.bot;
      return {
        link_id: row.linkId === '' ? null : row.linkId,
        name: known?.name ?? null,
        link: known?.url ?? null,
        counted: row.counted,
        repeat: row.repeat,
        bot: row.bot,
        all,
      };
    })
    .sort((a, b) => b.all - a.all || b.counted - a.counted || String(a.link_id).localeCompare(String(b.link_id)));

  return {
    user_id: q.userId,
    from: new Date(q.range.from).toISOString(),
    to: new Date(q.range.to).toISOString(),
    totals: {
      counted: sum.counted - noLink,
      repeat: sum.repeat,
      bot: sum.bot,
      all: sum.counted + sum.repeat + sum.bot,
      no_link: noLink,
      unique_visitors: sum.visitors,
    },
    links,
    sources: CLICK_SOURCES.map((source) => ({ source, all: sum[source], counted: sum[`${source}_counted`] })),
    devices: DEVICE_CLASSES.map((device) => ({
      device,
      all: sum[DEVICE_COLUMN[device]],
      counted: sum[`${DEVICE_COLUMN[device]}_counted`],
    })),
    top_referrers: referrers.map((r) => ({ host: r.host === '' ? null : r.host, all: r.all, counted: r.counted })),
    conversions: summaryConversions({
      groups,
      currency,
      countedByLink: new Map(perLink.filter((r) => r.counted > 0).map((r) => [r.linkId, r.counted])),
      countedBySource: { page: sum.page_counted, rotator: sum.rotator_counted },
      counted: sum.counted,
      names: new Map(q.links.map((l) => [l.id, l.name])),
    }),
  };
}
