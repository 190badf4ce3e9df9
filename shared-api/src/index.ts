/**
 * @rotalink/shared-api — the contract, the calls, ApiError and the helpers, bundled into each front
 * end that imports it (issue 26: no longer a shared module). Its one stateful part, the session,
 * is the session kernel's (@rotalink/session-kernel, the page's one singleton), reached by name.
 * The stateless entries (/paths, /rules, /contract) are re-exported here, so pages need no other.
 */
export { requestOf, toApiError, transmit, type CallInput } from './http';
export { configureApi, setSessionEndedHandler } from './shell-setup';
/** Issue 15: the live-data calls are the `/live` entry (bundled by the pages that use them); their types are here too. */
export type { Download, LiveAnswer } from './live';
export {
  ApiError,
  ERROR_KINDS,
  errorKind,
  errorText,
  kindOf,
  type ApiErrorCode,
  type ClientErrorCode,
  type ErrorKind,
  type ErrorTextOptions,
} from './errors/api-error';
export { tokenStore, type TokenStore } from './session';
export { useToken, useIsAdmin } from './react/use-token';
export * from './rules';
export { paths, callUrl, adminListPlace, usersPageQuery, type CallName, type CallPath, type UrlParts } from './paths';
export { ERROR_CODES, type ErrorCode } from './contract/error-codes';
export * from './calls/auth';
export * from './calls/links';
export * from './calls/payment';
export * from './calls/admin';
export * from './calls/vanity';
export type * from './contract';
