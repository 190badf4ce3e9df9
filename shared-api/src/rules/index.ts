/**
 * `@rotalink/shared-api/rules`: the facts every part shares and no part may copy — the spec's
 * texts, the input limits, the link URL rule, the session's storage keys, the timings and the
 * plan. Stateless: no axios, no token store, no React, so the start-up preloader, the remotes and
 * the server can all import it.
 */
export { MESSAGES } from './messages';
export * from './limits';
export { LINK_URL_PATTERN, linkHref, linkUrlError, linkUrlProblem } from './link-url';
export { CLICK_PARAM_INVALID, CLICK_PARAM_MAX, CLICK_PARAM_PATTERN, LINK_MACROS, clickParamOf } from './click-param';
export { TOKEN_KEY, ADMIN_KEY } from './storage-keys';
export { TIMINGS } from './timings';
export { PLAN } from './plan';
export { SESSION_ENDED_REASON, PAYMENT_CANCELLED_PARAM } from './navigation';
export { HANDLE, DOMAIN_TXT_PREFIX, RESERVED_HANDLES, normaliseHandle, isHandleShaped } from './vanity';
