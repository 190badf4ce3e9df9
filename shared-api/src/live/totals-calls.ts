import type { AdminUserStats, StatsProfiles, StatsProfilesQuery } from '@rotalink/shared-api';
import { statsPaths } from '../paths/stats';
import { callLive, type LiveAnswer } from './conditional';
import { queryOf } from './query';

/**
 * Every profile of the signed-in member (or of `user_id`) with its clicks in [from, to): ONE
 * conditional call whatever the number of sub-profiles (the dashboard's live counts).
 */
export const getStatsProfiles = (q: StatsProfilesQuery): Promise<LiveAnswer<StatsProfiles>> =>
  callLive<StatsProfiles>(statsPaths.getStatsProfiles, { query: queryOf({ ...q }) });

/** The admin's user details: the member's click totals (own profile and sub-profiles). */
export const getAdminUserStats = (userId: string): Promise<LiveAnswer<AdminUserStats>> =>
  callLive<AdminUserStats>(statsPaths.getAdminUserStats, { params: { userId } });
