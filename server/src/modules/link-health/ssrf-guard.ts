import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AllowedRange } from '../../config-background';

/**
 * The link checker must not become an SSRF hole (issue 16): it fetches member-supplied URLs from
 * inside our network. Only public unicast addresses may be reached: loopback, private (RFC 1918,
 * IPv6 unique-local), link-local (169.254.0.0/16 — the cloud metadata address 169.254.169.254 —
 * and fe80::/10), carrier-grade NAT (100.64.0.0/10, Alibaba's metadata 100.100.100.200),
 * unspecified, multicast, broadcast and reserved ranges are refused; an IPv4-mapped IPv6 address
 * is judged as the IPv4 address it is. ipaddr.js (maintained) classifies the ranges.
 */
export class RefusedAddress extends Error {
  override name = 'RefusedAddress';
  constructor(readonly address: string) {
    super(`Refused: ${address} is not a public address`);
  }
}

export function isPublicAddress(address: string, allow: AllowedRange[] = []): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return false;
  }
  // The test-only allowance (LINK_CHECK_TEST_ALLOW, refused in production by config.ts).
  if (allow.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range as never, bits))) return true;
  return ip.range() === 'unicast';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Every address of a host name (the system's resolver; tests inject their own, issue 31). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;
export const systemResolve: ResolveHost = (hostname) => dns.lookup(hostname, { all: true });

/**
 * A `lookup` for http(s).request: resolves the host and refuses the connection when ANY of its
 * addresses is not public, so the socket connects to exactly the address that was checked (no
 * second resolution a DNS-rebinding server could answer differently).
 */
export function guardedLookup(allow: AllowedRange[], resolve: ResolveHost = systemResolve) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !isPublicAddress(a.address, allow));
        if (refused) return callback(new RefusedAddress(refused.address), '');
        if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/**
 * Issue 31: the same rule before anything is sent (a webhook URL being saved): throws
 * RefusedAddress when the host is, or resolves to, any address that is not public.
 */
export async function refuseNonPublicHost(url: URL, allow: AllowedRange[], resolve: ResolveHost = systemResolve): Promise<void> {
  refuseLiteralHost(url, allow);
  if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) return;
  const refused = (await resolve(url.hostname)).find((a) => !isPublicAddress(a.address, allow));
  if (refused) throw new RefusedAddress(refused.address);
}

/** A URL's host given as an IP literal never goes through `lookup`: it is checked here. */
export function refuseLiteralHost(url: URL, allow: AllowedRange[]): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host, allow)) throw new RefusedAddress(host);
}
