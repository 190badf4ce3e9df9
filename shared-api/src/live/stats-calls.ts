import type { StatsRangeQuery, StatsSeries, StatsSeriesQuery, StatsSummary } from '@rotalink/shared-api';
import { statsPaths } from '../paths/stats';
import { callLive, type LiveAnswer } from './conditional';
import { download, type Download } from './download';
import { queryOf } from './query';

/** The Stats page's calls (issue 15). */

/**
 * A profile's click summary for [from, to) (ISO instants). Conditional (ETag): poll it while the
 * page is visible; `changed: false` means nothing new and the same data object.
 */
export const getStatsSummary = (q: StatsRangeQuery): Promise<LiveAnswer<StatsSummary>> =>
  callLive<StatsSummary>(statsPaths.getStatsSummary, { query: queryOf({ ...q }) });

/** Time buckets (hour or day in the IANA zone `tz`), zeros included; conditional like the summary. */
export const getStatsSeries = (q: StatsSeriesQuery): Promise<LiveAnswer<StatsSeries>> =>
  callLive<StatsSeries>(statsPaths.getStatsSeries, { query: queryOf({ ...q }) });

/** The range's raw click events as CSV (the server streams it; the page saves the blob under `filename`). */
export const downloadClicksCsv = (q: StatsRangeQuery): Promise<Download> =>
  download(statsPaths.downloadClicksCsv, { query: queryOf({ ...q }) }, 'rotalink-clicks.csv');
