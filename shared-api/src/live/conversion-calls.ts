import {
  type ConversionSettings,
  type RecentConversions,
  type StatsRangeQuery,
  type UpdateConversionSettingsBody,
} from '@rotalink/shared-api';
import { conversionPaths } from '../paths/conversions';
import { download, type Download } from './download';
import { queryOf } from './query';
import { send } from './send';

// Issue 30: the conversion calls of the member's pages, in this entry (bundled by the pages that
// use them) rather than in the singleton, like the stats calls (decision 0071).

/** The profile's postback key, URLs and settings (made with a fresh key the first time). */
export const getConversionSettings = (userId: string) =>
  send<ConversionSettings>(conversionPaths.getConversionSettings, { query: { user_id: userId } });
export const updateConversionSettings = (body: UpdateConversionSettingsBody) =>
  send<ConversionSettings>(conversionPaths.updateConversionSettings, { body });
/** A new postback key: the old one stops working at once. */
export const rotatePostbackKey = (userId: string) =>
  send<ConversionSettings>(conversionPaths.rotatePostbackKey, { body: { user_id: userId } });
/** The latest conversions, newest first, attributed or not. */
export const getRecentConversions = (userId: string) =>
  send<RecentConversions>(conversionPaths.getRecentConversions, { query: { user_id: userId } });
/** The range's conversions as CSV. */
export const downloadConversionsCsv = (q: StatsRangeQuery): Promise<Download> =>
  download(conversionPaths.downloadConversionsCsv, { query: queryOf({ ...q }) }, 'rotalink-conversions.csv');
