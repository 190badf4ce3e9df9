import { SignJWT, errors, jwtVerify } from 'jose';
import { Unauthorized } from '../errors';
import { TEXT } from '../messages';

export type TokenKind = 'member' | 'admin';
export interface TokenClaims {
  sub: string;
  kind: TokenKind;
  /** Issued-at in seconds WITH milliseconds as the fraction, so a revocation in the same second works. */
  iat: number;
}

const ALG = 'HS256';
const key = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(secret: string, ttlSeconds: number, sub: string, kind: TokenKind): Promise<string> {
  const iat = Date.now() / 1000;
  return new SignJWT({ kind })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(Math.floor(iat) + ttlSeconds)
    .sign(key(secret));
}

/** Verifies signature (HS256 only, never `none`) and expiry; maps failures to DESIGN §7's texts. */
export async function verifyToken(secret: string, token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALG] });
    if (typeof payload.sub !== 'string' || (payload.kind !== 'member' && payload.kind !== 'admin') || typeof payload.iat !== 'number') {
      throw new Unauthorized(TEXT.invalidSignature);
    }
    return { sub: payload.sub, kind: payload.kind, iat: payload.iat };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new Unauthorized(TEXT.jwtExpired);
    throw new Unauthorized(TEXT.invalidSignature);
  }
}

/** A token issued before `validAfter` (ISO time) was revoked (password reset, admin password change). */
export function issuedBefore(claims: TokenClaims, validAfter: string | null): boolean {
  return validAfter !== null && claims.iat * 1000 < Date.parse(validAfter);
}
