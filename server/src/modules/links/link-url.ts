import ipaddr from 'ipaddr.js';
import { BadRequest } from '../../errors';
import type { AllowedRange } from '../../config-background';
import { LINK_URL_PATTERN, linkUrlProblem, MAX_URL, MESSAGES } from '@rotalink/shared-api/rules';

/**
 * A URL whose host is an IP literal in LINK_CHECK_TEST_ALLOW (tests only, refused in production):
 * the local server a link-health test checks. Only the "your own computer" refusal is waived.
 */
function testAllowedHost(url: string, testAllow: readonly AllowedRange[]): boolean {
  if (testAllow.length === 0 || url.length > MAX_URL) return false;
  const host = /^https:\/\/([^/?#:\s]+)/i.exec(url)?.[1] ?? '';
  if (!ipaddr.isValid(host)) return false;
  const ip = ipaddr.process(host);
  return testAllow.some(([range, bits]) => ip.kind() === range.kind() && ip.match(range, bits));
}

/**
 * Spec §5 / DESIGN §6: 'https://' or 'www.' followed by a domain; 'www.' is stored as
 * 'https://www.'. Nothing else (no javascript:, data:, http:). Returns the URL to store.
 */
export function normaliseLinkUrl(input: string, testAllow: readonly AllowedRange[] = []): string {
  const url = input.trim();
  // Issue 29: http:// and localhost hear what is wrong with them (the spec's text stays first).
  const problem = linkUrlProblem(url);
  if (problem && !testAllowedHost(url, testAllow)) throw new BadRequest(problem);
  if (!LINK_URL_PATTERN.test(url)) throw new BadRequest(MESSAGES.invalidLinkUrl);
  const full = url.startsWith('www.') ? `https://${url}` : url;
  // Belt and braces: what we store must parse as an https URL with the same host we checked.
  let parsed: URL;
  try {
    parsed = new URL(full);
  } catch {
    throw new BadRequest(MESSAGES.invalidLinkUrl);
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname.includes('.')) throw new BadRequest(MESSAGES.invalidLinkUrl);
  return full;
}
