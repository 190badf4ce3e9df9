/** The api-keys feature as the app sees it (issue 31; issue 27: a feature is imported through its index). */
export { apiKeysRoutes } from './api-keys.routes';
export { createKeyResolver } from './resolve-api-key';
