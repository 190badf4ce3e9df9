/**
 * Click analytics (issue 15): the limits of a stats request, shared so the Stats page can refuse
 * a range before a round trip. The server stays the judge (server/src/modules/stats/).
 */
export const STATS_INTERVALS = ['hour', 'day'] as const;
export type StatsIntervalName = (typeof STATS_INTERVALS)[number];
/** A series at hourly interval may span at most this many days (9,600 buckets). */
export const MAX_HOURLY_RANGE_DAYS = 400;
/** Any stats range (summary, daily series, CSV) may span at most this many days. */
export const MAX_STATS_RANGE_DAYS = 3660;
/** Roll-ups are kept per 15-minute slot (UTC), so every range is widened to this grid (decision 0064). */
export const STATS_SLOT_MINUTES = 15;
/** The summary lists this many referrer hosts, most clicks first. */
export const TOP_REFERRERS = 10;
/** How often a visible Stats page, dashboard or links page asks again (conditional GET, 304 when unchanged). */
export const LIVE_POLL_MS = 3000;
