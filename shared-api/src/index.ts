/**
 * @rotalink/shared-api — the one package every front end shares (as a Module Federation singleton).
 * Import it only by its package name, never by a relative path, or a second instance appears.
 * The stateless entries (/paths, /rules, /contract) are re-exported here, so pages need no other.
 */
export { configureApi, setSessionEndedHandler, http, requestOf, toApiError, type CallInput } from './http';
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
export { tokenStore, type TokenStore } from './token-store';
export { useToken, useIsAdmin } from './react/use-token';
export * from './rules';
export { paths, callUrl, adminListPlace, usersPageQuery, type CallName, type CallPath, type UrlParts } from './paths';
export { ERROR_CODES, type ErrorCode } from './contract/error-codes';
export * from './calls/auth';
export * from './calls/links';
export * from './calls/payment';
export * from './calls/admin';
export type * from './contract';
