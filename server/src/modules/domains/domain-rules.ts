import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { parse as parseDomain } from 'tldts';
import { BadRequest } from '../../errors';

export const DOMAIN_INVALID = 'Enter a host name such as go.example.com.';
export const DOMAIN_IP = 'Use a host name such as go.example.com, not an IP address.';
export const DOMAIN_LOCAL = 'localhost cannot be a custom domain. Use a host name of a domain you own.';
export const DOMAIN_PUBLIC_SUFFIX =
  'This is a public suffix (like co.uk), not a domain of your own. Use a host name under your domain, such as go.example.co.uk.';
export const DOMAIN_UNKNOWN_SUFFIX = 'This host name does not end in a known top-level domain.';
export const DOMAIN_OURS = "Rotalink's own addresses cannot be a custom domain.";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name as typed (a pasted URL is read for its host), as stored: lower case, IDN in
 * punycode, no trailing dot; '' when it is not a host name at all.
 */
export function normaliseHostname(input: string): string {
  let text = input.trim();
  if (text.includes('://')) {
    try {
      text = new URL(text).hostname;
    } catch {
      return '';
    }
  }
  text = text.replace(/\.$/, '');
  if (text.startsWith('[') || isIP(text)) return text; // refused as an address below
  const ascii = domainToASCII(text.toLowerCase());
  if (!ascii || ascii.length > 253) return '';
  return ascii.split('.').every((l) => LABEL.test(l)) ? ascii : '';
}

/** The host names of the site itself (its registrable domain, or the host when it has none): theirs and their subdomains are ours. */
export function ownDomainsOf(urls: readonly string[]): string[] {
  const own = new Set<string>();
  for (const u of urls) {
    const host = new URL(u).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) continue;
    own.add(parseDomain(host, { allowPrivateDomains: true }).domain ?? host);
  }
  return [...own];
}

/**
 * A custom domain's host name, or a 400 naming the rule it breaks (issue 32): an IP address,
 * localhost, a public-suffix entry (co.uk, github.io: the maintained list in tldts), a name under
 * no known suffix, or the site's own domain and its subdomains.
 */
export function checkHostname(input: string, ownDomains: readonly string[]): string {
  const host = normaliseHostname(input);
  if (host.startsWith('[') || isIP(host)) throw new BadRequest(DOMAIN_IP);
  if (!host || !host.includes('.')) {
    if (host === 'localhost') throw new BadRequest(DOMAIN_LOCAL);
    throw new BadRequest(DOMAIN_INVALID);
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw new BadRequest(DOMAIN_LOCAL);
  const parsed = parseDomain(host, { allowPrivateDomains: true });
  if (parsed.isIp) throw new BadRequest(DOMAIN_IP);
  if (parsed.publicSuffix === host || !parsed.domain) throw new BadRequest(DOMAIN_PUBLIC_SUFFIX);
  if (!parsed.isIcann && !parsed.isPrivate) throw new BadRequest(DOMAIN_UNKNOWN_SUFFIX);
  if (ownDomains.some((d) => host === d || host.endsWith(`.${d}`))) throw new BadRequest(DOMAIN_OURS);
  return host;
}
