/**
 * `@rotalink/shared-api/live` (issue 15): the calls of the pages with live data — the stats
 * reads, the polled link lists, the clicks CSV — with the conditional GET and the download they
 * need, and the stats limits those pages check. A separate entry (decision 0071) so the visitor
 * page never carries them; a page that imports it gets what it uses bundled into its own chunk.
 *
 * It reaches the client by the package name ('@rotalink/shared-api'), so it sends through the
 * same bundled client and, behind it, the session kernel's one transport, token store and
 * session-ended handler (issue 26). Relative imports here are stateless (the stats paths and
 * limits); `live.test.ts` follows them and fails if one reaches the client's state.
 */
export { getStatsSummary, getStatsSeries, downloadClicksCsv } from './stats-calls';
export { getStatsProfiles, getAdminUserStats } from './totals-calls';
export { pollMemberLinks } from './links-calls';
export { listApiKeys, createApiKey, revokeApiKey } from './api-keys-calls';
export {
  listWebhooks,
  createWebhook,
  deleteWebhook,
  enableWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  listWebhookDeliveries,
} from './webhooks-calls';
export {
  getConversionSettings,
  updateConversionSettings,
  rotatePostbackKey,
  getRecentConversions,
  downloadConversionsCsv,
} from './conversion-calls';
export { getActivity, getSecurityEvents } from './audit-calls';
export { callLive, type LiveAnswer } from './conditional';
export { download, type Download } from './download';
export * from '../rules/stats';
/** Issue 31: the scopes a key may hold (the account page lists them). */
export { API_KEY_SCOPES, type ApiKeyScope } from '../contract/access';
/** Issue 31: the events a webhook endpoint may pick (the account page lists them). */
export { WEBHOOK_EVENTS, type WebhookEvent } from '../contract/webhook-events';
export { listSessions, revokeSession, revokeOtherSessions } from './session-calls';
export { adminLoginCode, getTwoFactor, startTwoFactor, enableTwoFactor, disableTwoFactor } from './two-factor-calls';
export { downloadAccountExport, deleteAccount } from './account-data-calls';
