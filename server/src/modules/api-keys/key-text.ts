import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_MARK } from '../../auth/guards';

/**
 * The text of an API key (issue 31): `rlk_<prefix>_<secret>`. The prefix (12 hex characters) is
 * public — shown in the list, and what the server looks the key up by; the secret (32 random
 * bytes, base64url) is shown once and only its sha256 is stored, so a database leak gives no key.
 * A fast hash is right here (unlike passwords): the secret has 256 bits, nothing to guess.
 */
const KEY_PATTERN = /^rlk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export function newKeyText(): { prefix: string; secret: string; text: string } {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { prefix, secret, text: `${API_KEY_MARK}${prefix}_${secret}` };
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The prefix and secret of a key-shaped text, or null. */
export function parseKeyText(text: string): { prefix: string; secret: string } | null {
  const m = KEY_PATTERN.exec(text);
  return m ? { prefix: m[1], secret: m[2] } : null;
}

/** Constant-time comparison of the secret sent with the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a log may say about a key: its public prefix only. */
export const keyLabel = (prefix: string) => `${API_KEY_MARK}${prefix}_…`;
