import { SignJWT, errors, jwtVerify } from 'jose';
import { Unauthorized } from '../errors';
import { MESSAGES } from '@rotalink/shared-api/rules';

export type TokenKind = 'member' | 'admin';
export interface TokenClaims {
  sub: string;
  kind: TokenKind;
  /** Issued-at in seconds WITH milliseconds as the fraction, so a revocation in the same second works. */
  iat: number;
  /** The session this token belongs to (issue 33; sessions table). Tokens issued before sessions existed have none. */
  sid?: string;
}

const ALG = 'HS256';
/**
 * How far a token's `iat` may lie in the future (clocks of two API nodes disagree a little).
 * Further is refused (issue 33): revocation compares `iat` with `tokens_valid_after`, so a token
 * "issued" next year would outlive every password change.
 */
export const IAT_CLOCK_SKEW_SECONDS = 30;
const key = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(secret: string, ttlSeconds: number, sub: string, kind: TokenKind, sid?: string): Promise<string> {
  const iat = Date.now() / 1000;
  return new SignJWT(sid ? { kind, sid } : { kind })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(Math.floor(iat) + ttlSeconds)
    .sign(key(secret));
}

/** Verifies signature (HS256 only, never `none`) and expiry (required); maps failures to DESIGN §7's texts. */
export async function verifyToken(secret: string, token: string): Promise<TokenClaims> {
  try {
    // exp is required: a token without it would never end (issue 11).
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALG], requiredClaims: ['exp'] });
    if (typeof payload.sub !== 'string' || (payload.kind !== 'member' && payload.kind !== 'admin') || typeof payload.iat !== 'number') {
      throw new Unauthorized(MESSAGES.invalidSignature, 'session-ended');
    }
    if (payload.iat > Date.now() / 1000 + IAT_CLOCK_SKEW_SECONDS) throw new Unauthorized(MESSAGES.invalidSignature, 'session-ended');
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    return { sub: payload.sub, kind: payload.kind, iat: payload.iat, ...(sid ? { sid } : {}) };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new Unauthorized(MESSAGES.jwtExpired, 'session-ended');
    throw new Unauthorized(MESSAGES.invalidSignature, 'session-ended');
  }
}

/** A token issued before `validAfter` (ISO time) was revoked (password reset, admin password change). */
export function issuedBefore(claims: TokenClaims, validAfter: string | null): boolean {
  return validAfter !== null && claims.iat * 1000 < Date.parse(validAfter);
}
