import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Issue 30: a postback proves it comes from whoever holds the profile's key, either way:
 * - `key=<postback key>` in the query or body (what most networks can do: a URL template);
 * - or the header `X-Rotalink-Signature: sha256=<hex>`, the HMAC-SHA256 under the key of the
 *   request's raw body (POST) or of its raw query string after `?` (GET): the key itself never
 *   travels. Compared in constant time.
 */
const same = (a: string, b: string): boolean => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

export function signatureOf(key: string, signed: string): string {
  return `sha256=${createHmac('sha256', key).update(signed).digest('hex')}`;
}

export function isAuthentic(key: string, given: { key?: string; signature?: string; signed: string }): boolean {
  if (given.signature !== undefined) return same(signatureOf(key, given.signed), given.signature.trim().toLowerCase());
  return given.key !== undefined && same(key, given.key);
}

/** What the per-key budget counts by: never the key itself (it is not kept in memory or Redis). */
export const credentialOf = (given: { key?: string; signature?: string }): string =>
  given.signature !== undefined ? 'sig' : given.key ? createHash('sha256').update(given.key).digest('base64url').slice(0, 16) : 'none';
