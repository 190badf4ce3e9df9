/** What other features use of link health (issue 31: webhook delivery applies the same SSRF guard). */
export { describeRequestError } from './check-destination';
export {
  guardedLookup,
  isPublicAddress,
  RefusedAddress,
  refuseLiteralHost,
  refuseNonPublicHost,
  systemResolve,
  type ResolveHost,
} from './ssrf-guard';
