import { useRef, useState } from 'react';
import { getStatsSummary, LIVE_POLL_MS } from '@rotalink/shared-api/live';
import { useVisiblePolling } from '../../../components/live/use-visible-polling';

export interface ClickCount {
  counted: number;
  /** Repeat + bot: clicks the rotator did not count. */
  filtered: number;
}
/** A profile's count, 'error' when its last poll failed and nothing was shown yet, undefined while loading. */
export type ClickCounts = Record<string, ClickCount | 'error' | undefined>;

const HOUR = 3_600_000;
/** Requests in flight at once while a round polls many profiles. */
const CONCURRENCY = 4;
/**
 * At most this many requests per second on average: a member with 50 sub-profiles must stay far
 * under the API's per-IP budget (RATE_LIMIT_GLOBAL_PER_MIN, 600), so a round of N profiles waits
 * N × 250 ms (at least LIVE_POLL_MS). Up to 12 profiles a click still shows within 5 s.
 */
const MAX_PER_SECOND = 4;

/**
 * The last 24 hours up to the end of the current hour: the same URL for a whole hour, so the
 * server's ETag answers 304 between clicks.
 */
export function last24Hours(now: Date): { from: string; to: string } {
  const end = new Date(now);
  end.setMinutes(0, 0, 0);
  const to = end.getTime() + HOUR;
  return { from: new Date(to - 24 * HOUR).toISOString(), to: new Date(to).toISOString() };
}

async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const same = (a: ClickCount | 'error' | undefined, b: ClickCount | 'error') =>
  a === b || (typeof a === 'object' && typeof b === 'object' && a.counted === b.counted && a.filtered === b.filtered);

/**
 * Live click counts of the dashboard's profiles (issue 15): each profile's last 24 hours from the
 * stats summary, polled with conditional requests while the tab is visible. One poller for all
 * profiles, paced so a member with many sub-profiles sends no request storm.
 */
export function useLiveClickCounts(userIds: string[], enabled: boolean) {
  const [counts, setCounts] = useState<ClickCounts>({});
  const idsRef = useRef(userIds);
  idsRef.current = userIds;

  const polling = useVisiblePolling(
    async () => {
      const range = last24Hours(new Date());
      const found: ClickCounts = {};
      let failed = false;
      await eachLimited(idsRef.current, CONCURRENCY, async (id) => {
        try {
          const { totals } = (await getStatsSummary({ user_id: id, ...range })).data;
          found[id] = { counted: totals.counted, filtered: totals.repeat + totals.bot };
        } catch {
          failed = true;
          found[id] = 'error';
        }
      });
      // A failed poll keeps the count already shown; unchanged counts cost no re-render.
      setCounts((prev) => {
        const changed = Object.entries(found).filter(([id, c]) => !(c === 'error' && prev[id] !== undefined) && !same(prev[id], c!));
        return changed.length ? { ...prev, ...Object.fromEntries(changed) } : prev;
      });
      if (failed) throw new Error('some counts could not be read');
    },
    {
      enabled: enabled && userIds.length > 0,
      immediate: true,
      intervalMs: Math.max(LIVE_POLL_MS, (userIds.length * 1000) / MAX_PER_SECOND),
    },
  );
  return { counts, stale: polling.failures > 0 };
}
