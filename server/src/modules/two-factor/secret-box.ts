import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Issue 33: the admin's TOTP secret at rest, AES-256-GCM under a key derived from JWT_SECRET: a
 * copy of the database alone (a backup) does not give the second factor. Rotating JWT_SECRET
 * means enrolling again. Text form: iv.tag.ciphertext, base64url.
 */
const keyOf = (secret: string, label: string) => createHmac('sha256', secret).update(label).digest();

export function seal(jwtSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret, 'rotalink totp secret v1'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function open(jwtSecret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret, 'rotalink totp secret v1'), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** A recovery code's stored form: a keyed hash of it without dash, in capitals. */
export function recoveryHash(jwtSecret: string, code: string): string {
  const normal = code.replace('-', '').toUpperCase();
  return createHmac('sha256', keyOf(jwtSecret, 'rotalink recovery code v1')).update(normal).digest('hex');
}

/** Ten letters and digits without look-alikes (no 0/O, 1/I/L), shown as XXXXX-XXXXX: ~49 bits each. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
