/**
 * @rotalink/shared-api — the one package every front end shares (as a Module Federation singleton).
 * Import it only by its package name, never by a relative path, or a second instance appears.
 */
export { ApiError, configureApi, setSessionEndedHandler, http } from './http';
export { tokenStore, TOKEN_KEY, ADMIN_KEY, type TokenStore } from './token-store';
export { MESSAGES, SESSION_ENDED_MESSAGES, LINK_URL_PATTERN, TIMINGS } from './messages';
export { PLAN } from './contract/plan';
export * from './calls/auth';
export * from './calls/links';
export * from './calls/payment';
export * from './calls/admin';
export type * from './contract';
