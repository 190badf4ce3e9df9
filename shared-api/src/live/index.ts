/**
 * `@rotalink/shared-api/live` (issue 15): the calls of the pages with live data — the stats
 * reads, the polled link lists, the clicks CSV — with the conditional GET and the download they
 * need, and the stats limits those pages check. Not part of the singleton on purpose: every shell
 * page, the visitor page included, downloads the singleton, and "the visitor page must not grow
 * by a byte" (decision 0071). A page that imports this entry gets what it uses bundled into its
 * own chunk (one file per page group, so the Dashboard does not carry the Stats page's calls).
 *
 * It reaches the client by the package name ('@rotalink/shared-api', the Module Federation
 * singleton), never by a relative import, so it sends with the page's one axios instance, token
 * store and session-ended handler. Relative imports here are stateless (the stats paths and
 * limits); `live.test.ts` follows them and fails if one reaches the client's state.
 */
export { getStatsSummary, getStatsSeries, downloadClicksCsv } from './stats-calls';
export { getStatsProfiles, getAdminUserStats } from './totals-calls';
export { pollMemberLinks } from './links-calls';
export { listApiKeys, createApiKey, revokeApiKey } from './api-keys-calls';
export { callLive, type LiveAnswer } from './conditional';
export { download, type Download } from './download';
export * from '../rules/stats';
/** Issue 31: the scopes a key may hold (the account page lists them). */
export { API_KEY_SCOPES, type ApiKeyScope } from '../contract/access';
