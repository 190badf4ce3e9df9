// Issue 15's targets: the Stats reads of a profile with a million events answer in p99 ≤ 100 ms,
// and its CSV streams with the API's memory growing less than 50 MB.
export const STATS_TARGETS = { p99Ms: 100, csvGrowthMB: 50, events: 1_000_000 };
