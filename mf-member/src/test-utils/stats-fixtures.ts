// Stats answers shaped like the server's (shared-api contract types, issue 15), for component tests.
import type {
  LiveAnswer,
  StatsBucket,
  StatsConversions,
  StatsProfiles,
  StatsSeries,
  StatsSummary,
  StatsTotals,
} from '@rotalink/shared-api';

export function makeTotals(overrides: Partial<StatsTotals> = {}): StatsTotals {
  const t = { counted: 0, repeat: 0, bot: 0, unique_visitors: 0, ...overrides };
  return { ...t, all: overrides.all ?? t.counted + t.repeat + t.bot };
}

/** Issue 30: no sales, in USD. */
export function makeConversions(overrides: Partial<StatsConversions> = {}): StatsConversions {
  const none = { conversions: 0, revenue: '0.00', conversion_rate: 0, epc: '0.0000' };
  return {
    currency: 'USD',
    totals: { ...none, refunded: 0, unattributed: 0, unattributed_revenue: '0.00', other_currencies: [] },
    links: [],
    sources: [
      { source: 'page', counted: 0, ...none },
      { source: 'rotator', counted: 0, ...none },
    ],
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<StatsSummary> = {}): StatsSummary {
  return {
    user_id: 'u_member1',
    from: '2026-11-16T00:00:00.000Z',
    to: '2026-11-23T00:00:00.000Z',
    totals: makeTotals(),
    links: [],
    sources: [
      { source: 'page', all: 0, counted: 0 },
      { source: 'rotator', all: 0, counted: 0 },
    ],
    devices: [
      { device: 'mobile', all: 0, counted: 0 },
      { device: 'tablet', all: 0, counted: 0 },
      { device: 'desktop', all: 0, counted: 0 },
      { device: 'bot', all: 0, counted: 0 },
    ],
    top_referrers: [],
    conversions: makeConversions(),
    ...overrides,
  };
}

/** A busy week: 7 counted, 2 repeat, 1 bot over two links, phones and desktops, two referrers. */
export function busySummary(): StatsSummary {
  return makeSummary({
    totals: makeTotals({ counted: 7, repeat: 2, bot: 1, unique_visitors: 6 }),
    links: [
      { link_id: 'l1', name: 'Shop', link: 'https://shop.example.com', counted: 5, repeat: 2, bot: 1, all: 8 },
      { link_id: 'l2', name: '', link: 'https://blog.example.com', counted: 2, repeat: 0, bot: 0, all: 2 },
    ],
    sources: [
      { source: 'page', all: 6, counted: 4 },
      { source: 'rotator', all: 4, counted: 3 },
    ],
    devices: [
      { device: 'mobile', all: 6, counted: 5 },
      { device: 'tablet', all: 0, counted: 0 },
      { device: 'desktop', all: 3, counted: 2 },
      { device: 'bot', all: 1, counted: 0 },
    ],
    top_referrers: [
      { host: 'facebook.com', all: 6, counted: 4 },
      { host: null, all: 4, counted: 3 },
    ],
  });
}

export function makeBucket(
  start: string,
  counts: Partial<Pick<StatsBucket, 'counted' | 'repeat' | 'bot' | 'conversions' | 'revenue'>> = {},
): StatsBucket {
  return { start, local: start.replace('.000Z', 'Z'), counted: 0, repeat: 0, bot: 0, conversions: 0, revenue: '0.00', ...counts };
}

export function makeSeries(buckets: StatsBucket[], overrides: Partial<StatsSeries> = {}): StatsSeries {
  return {
    user_id: 'u_member1',
    link_id: null,
    interval: 'hour',
    tz: 'UTC',
    from: buckets[0]?.start ?? '2026-11-23T00:00:00.000Z',
    to: '2026-11-23T03:00:00.000Z',
    currency: 'USD',
    buckets,
    ...overrides,
  };
}

export const live = <T>(data: T, changed = true): LiveAnswer<T> => ({ data, changed });

/** GET /api/stats/profiles's answer: each profile's clicks by verdict (missing counters are 0). */
export function makeProfiles(counts: Record<string, Partial<{ counted: number; repeat: number; bot: number }>>): StatsProfiles {
  return {
    from: '2026-11-22T13:00:00.000Z',
    to: '2026-11-23T13:00:00.000Z',
    profiles: Object.entries(counts).map(([user_id, c]) => ({ user_id, counted: 0, repeat: 0, bot: 0, ...c })),
    revenue: Object.keys(counts).map((user_id) => ({ user_id, conversions: 0, revenue: '0.00', currency: 'USD' })),
  };
}
