/**
 * The HTTP contract (DESIGN §7), written once: the server validates and serialises with these
 * schemas and generates OpenAPI from them; the front ends import only their static types.
 */
export * from './common';
export * from './error-codes';
export * from './auth';
export * from './links';
export * from './rotator';
export * from './payment';
export * from './admin';
export * from './stats';
export * from './conversions';
export * from './audit';
export * from './sessions';
export * from './two-factor';
export { PLAN } from '../rules/plan';
/** Issue 15: the stats limits (not in /rules: the singleton re-exports /rules, and pages read these from /live). */
export * from '../rules/stats';
export * from './access';
export * from './api-keys';
export * from './webhooks';
export { endpoints, errorResponses, HealthDown, HealthOk, type Endpoint } from './endpoints';
export { paths, callUrl, type CallName, type CallPath, type UrlParts } from '../paths';
export { statsPaths } from '../paths/stats';
export { apiKeyPaths } from '../paths/api-keys';
export { webhookPaths } from '../paths/webhooks';
export { conversionPaths, POSTBACK_PATH, PIXEL_PATH } from '../paths/conversions';
export { vanityPaths } from '../paths/vanity';
export * from './vanity';
export { auditPaths } from '../paths/audit';
export { sessionPaths } from '../paths/sessions';
export { accountDataPaths } from '../paths/account-data';
export * from './account-data';
export { twoFactorPaths } from '../paths/two-factor';
export * from './v1';
export { v1Endpoints, type V1CallName } from './v1-endpoints';
export { v1Paths, V1_PREFIX } from '../paths/v1';
