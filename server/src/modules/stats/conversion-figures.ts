import type { ConversionFigures, StatsConversions } from '@rotalink/shared-api/contract';
import { CLICK_SOURCES } from '@rotalink/shared-api/contract';
import { digitsOf, formatMinor } from '../conversions';
import type { ConversionGroup } from './conversions-read.repository';

/**
 * Issue 30: conversions, revenue, conversion rate and EPC beside the clicks. Revenue is summed in
 * the profile's currency; a sale in another currency counts as a conversion and its money is
 * listed apart (no exchange rate is guessed). Rate and EPC divide by the counted clicks of the
 * same range (0 without clicks).
 */
export function figures(conversions: number, minor: number, counted: number, currency: string): ConversionFigures {
  const digits = digitsOf(currency);
  // EPC keeps two more decimals than the currency: 3 cents over 40 clicks is 0.0008, not 0.00.
  const epcScaled = counted > 0 ? Math.round((minor * 100) / counted) : 0;
  return {
    conversions,
    revenue: formatMinor(minor, currency),
    conversion_rate: counted > 0 ? Math.round((conversions / counted) * 10_000) / 10_000 : 0,
    epc: formatMinor(epcScaled, '', digits + 2),
  };
}

interface Tally {
  n: number;
  minor: number;
}
const add = (map: Map<string, Tally>, key: string, n: number, minor: number) => {
  const t = map.get(key) ?? { n: 0, minor: 0 };
  t.n += n;
  t.minor += minor;
  map.set(key, t);
};

export function summaryConversions(o: {
  groups: ConversionGroup[];
  currency: string;
  /** Counted clicks per link id ('' for visits that found no link), per source, and in all. */
  countedByLink: Map<string, number>;
  countedBySource: Record<(typeof CLICK_SOURCES)[number], number>;
  counted: number;
  names: Map<string, string>;
}): StatsConversions {
  const { currency } = o;
  const total: Tally = { n: 0, minor: 0 };
  const unattributed: Tally = { n: 0, minor: 0 };
  const others = new Map<string, Tally>();
  const byLink = new Map<string, Tally>();
  const bySource = new Map<string, Tally>();
  let refunded = 0;
  for (const g of o.groups) {
    if (g.refunded) {
      refunded += g.count;
      continue;
    }
    if (!g.attributed) {
      unattributed.n += g.count;
      if (g.currency === currency) unattributed.minor += g.minor;
      continue;
    }
    const minor = g.currency === currency ? g.minor : 0;
    total.n += g.count;
    total.minor += minor;
    if (g.currency !== currency) add(others, g.currency, g.count, g.minor);
    add(byLink, g.linkId ?? '', g.count, minor);
    if (g.source) add(bySource, g.source, g.count, minor);
  }
  const linkIds = new Set([...o.countedByLink.keys(), ...byLink.keys()]);
  const links = [...linkIds]
    .map((id) => {
      const t = byLink.get(id) ?? { n: 0, minor: 0 };
      const counted = o.countedByLink.get(id) ?? 0;
      return {
        link_id: id === '' ? null : id,
        name: id === '' ? null : (o.names.get(id) ?? null),
        counted,
        ...figures(t.n, t.minor, counted, currency),
      };
    })
    .sort((a, b) => b.conversions - a.conversions || b.counted - a.counted || String(a.link_id).localeCompare(String(b.link_id)));
  return {
    currency,
    totals: {
      ...figures(total.n, total.minor, o.counted, currency),
      refunded,
      unattributed: unattributed.n,
      unattributed_revenue: formatMinor(unattributed.minor, currency),
      other_currencies: [...others.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([c, t]) => ({ currency: c, conversions: t.n, revenue: formatMinor(t.minor, c) })),
    },
    links,
    sources: CLICK_SOURCES.map((source) => {
      const t = bySource.get(source) ?? { n: 0, minor: 0 };
      return { source, counted: o.countedBySource[source], ...figures(t.n, t.minor, o.countedBySource[source], currency) };
    }),
  };
}
