import { useRef, useState } from 'react';
import { ApiError, type StatsProfileRevenue } from '@rotalink/shared-api';
import { getStatsProfiles, LIVE_POLL_MS } from '@rotalink/shared-api/live';
import { useVisiblePolling } from '../../../components/live/use-visible-polling';

export interface ClickCount {
  counted: number;
  /** Repeat + bot: clicks the rotator did not count. */
  filtered: number;
}
/** A profile's count, 'error' when its last poll failed and nothing was shown yet, undefined while loading. */
export type ClickCounts = Record<string, ClickCount | 'error' | undefined>;

const HOUR = 3_600_000;

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

/** Issue 30: the poll's query — the last 24 hours of clicks, and the revenue since local midnight (today). */
export function livePollQuery(now: Date): { from: string; to: string; revenue_from: string } {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { ...last24Hours(now), revenue_from: midnight.toISOString() };
}

/** Issue 30: a profile's revenue today, undefined until the first poll answered. */
export type TodayRevenues = Record<string, StatsProfileRevenue | undefined>;

/**
 * The server lists the member (first on screen) and every sub-profile as they are now; with the
 * member in it, a sub-profile on screen that it lacks was deleted (in another tab), and one it
 * has that the screen lacks was added.
 */
function listChanged(onScreen: string[], found: ClickCounts): boolean {
  if (onScreen.length === 0 || !(onScreen[0] in found)) return false;
  return Object.keys(found).length !== onScreen.length || onScreen.some((id) => !(id in found));
}

const same = (a: ClickCount | 'error' | undefined, b: ClickCount | 'error') =>
  a === b || (typeof a === 'object' && typeof b === 'object' && a.counted === b.counted && a.filtered === b.filtered);

/** One poll: with today's revenue unless the API refused it once (then, and from then on, without). */
async function poll(withRevenue: { current: boolean }, refused: () => void) {
  const now = new Date();
  if (!withRevenue.current) return (await getStatsProfiles(last24Hours(now))).data;
  try {
    return (await getStatsProfiles(livePollQuery(now))).data;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400)) throw error;
    withRevenue.current = false;
    refused();
    return (await getStatsProfiles(last24Hours(now))).data;
  }
}

/**
 * Live click counts of the dashboard's profiles (issue 15), and their revenue today (issue 30,
 * the same request): the last 24 hours of the member and
 * every sub-profile from ONE conditional request per poll (`GET /api/stats/profiles`, a 304 while
 * nothing changed), every LIVE_POLL_MS while the tab is visible, whatever the number of
 * sub-profiles — so a new click shows within one poll. `userIds` are the profiles on screen: a
 * failed poll marks those not shown yet as 'error' and keeps the counts already shown; a poll
 * whose profiles differ from them calls `onProfilesChanged` (another tab added or deleted one).
 */
export function useLiveClickCounts(userIds: string[], enabled: boolean, onProfilesChanged?: () => void) {
  const [counts, setCounts] = useState<ClickCounts>({});
  const [revenue, setRevenue] = useState<TodayRevenues>({});
  // An API from before issue 30 refuses revenue_from (400): the poll goes on without it, no revenue shown.
  const [revenueOn, setRevenueOn] = useState(true);
  const withRevenue = useRef(true);
  const askedFor = useRef('');

  const polling = useVisiblePolling(
    async () => {
      let found: ClickCounts;
      let failure: unknown = null;
      try {
        const answer = await poll(withRevenue, () => setRevenueOn(false));
        found = Object.fromEntries(answer.profiles.map((p) => [p.user_id, { counted: p.counted, filtered: p.repeat + p.bot }]));
        // An API from before issue 30 sends no revenue: nothing is shown for it.
        if (answer.revenue) setRevenue(Object.fromEntries(answer.revenue.map((r) => [r.user_id, r])));
        if (listChanged(userIds, found)) {
          // Once per new set: a set the screen cannot match (a read that failed) asks once, not every poll.
          const seen = Object.keys(found).sort().join(' ');
          if (seen !== askedFor.current) onProfilesChanged?.();
          askedFor.current = seen;
        }
      } catch (error) {
        failure = error;
        found = Object.fromEntries(userIds.map((id) => [id, 'error' as const]));
      }
      // A failed poll keeps the count already shown; unchanged counts cost no re-render.
      setCounts((prev) => {
        const changed = Object.entries(found).filter(([id, c]) => !(c === 'error' && prev[id] !== undefined) && !same(prev[id], c!));
        return changed.length ? { ...prev, ...Object.fromEntries(changed) } : prev;
      });
      if (failure) throw failure;
    },
    { enabled: enabled && userIds.length > 0, immediate: true, intervalMs: LIVE_POLL_MS },
  );
  return { counts, revenue, revenueOn, stale: polling.failures > 0 };
}
