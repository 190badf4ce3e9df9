import { useState } from 'react';
import { getStatsProfiles, LIVE_POLL_MS } from '@rotalink/shared-api/live';
import type { StatsProfileRevenue } from '@rotalink/shared-api';
import { useVisiblePolling } from '../../../components/live/use-visible-polling';

const HOUR = 3_600_000;

/**
 * Today in the browser's zone, from local midnight to the end of the current hour: the same URL
 * for a whole hour, so the server's ETag answers 304 while no sale comes in.
 */
export function todayRange(now: Date): { from: string; to: string } {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now);
  end.setMinutes(0, 0, 0);
  return { from: midnight.toISOString(), to: new Date(end.getTime() + HOUR).toISOString() };
}

/** A profile's revenue today, 'error' when the first poll failed, undefined while loading. */
export type TodayRevenue = StatsProfileRevenue | 'error' | undefined;

/**
 * Issue 30: the dashboard's revenue today — the signed-in member's attributed sales since local
 * midnight (`GET /api/stats/profiles`, one conditional request per poll for the member and every
 * sub-profile), polled like the live click counts while the tab is visible; a failed poll keeps
 * what is shown.
 */
export function useTodayRevenue(userId: string | undefined) {
  const [revenue, setRevenue] = useState<TodayRevenue>(undefined);
  const polling = useVisiblePolling(
    async () => {
      try {
        // user_id: the member's own set, as the click counts' call (without it) reads it.
        const { revenue: rows } = (await getStatsProfiles({ ...todayRange(new Date()), user_id: userId })).data;
        const mine = rows?.find((r) => r.user_id === userId);
        setRevenue((prev) =>
          mine && typeof prev === 'object' && prev.revenue === mine.revenue && prev.conversions === mine.conversions ? prev : mine,
        );
      } catch (error) {
        setRevenue((prev) => prev ?? 'error');
        throw error;
      }
    },
    { enabled: Boolean(userId), immediate: true, intervalMs: LIVE_POLL_MS },
  );
  return { revenue, stale: polling.failures > 0 };
}
