import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText, getAdminUserStats, type AdminUserStats } from '@rotalink/shared-api';

export const STATS_FAILED_MESSAGE = "Could not load this user's clicks.";

/** The member's click totals (issue 15): all time and the last 30 days, per profile. */
export function useUserStats(userId: string | null, handleAccessError: (err: unknown) => boolean) {
  const [stats, setStats] = useState<AdminUserStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    if (!userId) return;
    const request = ++latest.current;
    setStats(null);
    setError(null);
    try {
      const answer = await getAdminUserStats(userId);
      if (request === latest.current) setStats(answer.data);
    } catch (err) {
      if (request !== latest.current || handleAccessError(err)) return;
      console.error('Loading the user stats failed', err);
      setError(errorText(err, STATS_FAILED_MESSAGE, { serverText: false }));
    }
  }, [userId, handleAccessError]);

  useEffect(() => {
    void load();
    const requests = latest; // a request counter, not a DOM node: reading it at cleanup is the point
    return () => {
      requests.current++; // unmounted or another user: drop the answer in flight
    };
  }, [load]);

  return { stats, error, loading: Boolean(userId) && !stats && !error, reload: load };
}
