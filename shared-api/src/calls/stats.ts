import type { AdminUserStats, StatsRangeQuery, StatsSeries, StatsSeriesQuery, StatsSummary } from '../contract';
import { paths } from '../paths';
import { callLive, download, type Download, type LiveAnswer } from '../http';

/** Query values as the URL carries them (optional ones left out when undefined). */
function queryOf(q: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
}

/**
 * Issue 15: a profile's click summary for [from, to) (ISO instants). Conditional (ETag): poll it
 * while the page is visible; `changed: false` means nothing new and the same data object.
 */
export const getStatsSummary = (q: StatsRangeQuery): Promise<LiveAnswer<StatsSummary>> =>
  callLive<StatsSummary>(paths.getStatsSummary, { query: queryOf({ ...q }) });

/** Time buckets (hour or day in the IANA zone `tz`), zeros included; conditional like the summary. */
export const getStatsSeries = (q: StatsSeriesQuery): Promise<LiveAnswer<StatsSeries>> =>
  callLive<StatsSeries>(paths.getStatsSeries, { query: queryOf({ ...q }) });

/** The range's raw click events as CSV (the server streams it; the page saves the blob under `filename`). */
export const downloadClicksCsv = (q: StatsRangeQuery): Promise<Download> =>
  download(paths.downloadClicksCsv, { query: queryOf({ ...q }) }, 'rotalink-clicks.csv');

/** The admin's user details: the member's click totals (own profile and sub-profiles). */
export const getAdminUserStats = (userId: string): Promise<LiveAnswer<AdminUserStats>> =>
  callLive<AdminUserStats>(paths.getAdminUserStats, { params: { userId } });
