import { getAdminUserStats } from '@rotalink/shared-api/live';
import { useUserRead } from '../../../hooks/use-user-read';

export const STATS_FAILED_MESSAGE = "Could not load this user's clicks.";
const FAILURE = { message: STATS_FAILED_MESSAGE, log: 'Loading the user stats failed' };
const readStats = async (userId: string) => (await getAdminUserStats(userId)).data;

/** The member's click totals (issue 15): all time and the last 30 days, per profile. */
export function useUserStats(userId: string | null, handleAccessError: (err: unknown) => boolean) {
  const { data, loading, error, reload } = useUserRead(userId, readStats, handleAccessError, FAILURE);
  return { stats: data, loading: loading && !data, error, reload };
}
