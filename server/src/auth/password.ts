import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with @node-rs/argon2's defaults (OWASP: m=19456 KiB, t=2, p=1; argon2id is its
 * default algorithm — password.test.ts checks the `$argon2id$` prefix).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown account, or a sub-profile without a login)
 * it still spends the same time on a dummy hash so response time does not reveal which emails exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
