/**
 * @rotalink/session-kernel — the one runtime singleton of ours on a page (issue 26): the token
 * store, the session-ended signal and the configured HTTP transport, and nothing else. Every
 * remote bundles the rest of shared-api and reaches the kernel by its package name, served by the
 * shell's copy. Its names are a contract between teams that deploy apart: exports.json lists them,
 * README.md says how they may change (added in a minor; removed only in a major, once no deployed
 * remote imports them).
 */
export { KERNEL_VERSION } from './version';
export { tokenStore, type TokenStore } from './token-store';
export {
  configureTransport,
  offerEarlyAnswer,
  send,
  setSessionEndedHandler,
  transportBase,
  TransportNetworkError,
  type TransportAnswer,
  type TransportRequest,
} from './transport';
