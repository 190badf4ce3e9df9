import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Issue 33: what a right password gives an admin with two-factor sign-in on: a 5-minute token
 * for the code step only. Signed with its own key (derived from JWT_SECRET), so it can never pass
 * as a session token, nor a session token as it.
 */
const TTL_SECONDS = 300;
const key = (secret: string) => createHmac('sha256', secret).update('rotalink admin 2fa challenge v1').digest();

export async function signChallenge(jwtSecret: string, adminId: string): Promise<string> {
  return new SignJWT({ purpose: 'admin-2fa' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setIssuedAt()
    .setExpirationTime(`${TTL_SECONDS}s`)
    .sign(key(jwtSecret));
}

/** The admin's id, or null for anything that is not a live challenge. */
export async function verifyChallenge(jwtSecret: string, challenge: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(challenge, key(jwtSecret), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    return payload.purpose === 'admin-2fa' && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
