import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Forbidden, TooMany, Unauthorized } from '../errors';
import { MESSAGES } from '@rotalink/shared-api/rules';
import { ADMIN_REQUIRED, MEMBER_REQUIRED } from '../access/grants';
import type { Granted } from '../access/access-hook';
import { accountPrincipal, type Principal } from '../access/principal';
import { touchSession } from '../modules/sessions';
import { issuedBefore, verifyToken, type TokenClaims } from './tokens';

/** last_seen_at moves at most this often: one small write a minute per active session, not one per request. */
export const LAST_SEEN_STEP_MS = 60_000;

/** Issue 31: turns an API key (a bearer value that is not a JWT) into its principal, or throws 401 with its code. */
export type KeyResolver = (secret: string, request: FastifyRequest) => Promise<Principal>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling (issue 31): set by the guards below on every call that needs a token. */
    principal: Principal;
    /** The caller's session (issue 33): a member or sub-profile token's `sid`, else null. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid, unrevoked member token or API key (403 for an admin token). */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: a valid admin token (403 for a member token or an API key). */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: any valid token or key; the access module decides what it may see. */
    requireSignedIn: (request: FastifyRequest) => Promise<void>;
    /** On a public call: the caller behind a valid token or key, or null (none, or one that does not check out). */
    principalIfAny: (request: FastifyRequest) => Promise<Principal | null>;
  }
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw new Unauthorized(MESSAGES.tokenMissing, 'token-missing');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  // A header without the Bearer scheme carries no usable token.
  if (!m) {
    if (header.trim() === '' || /^Bearer\s*$/i.test(header)) throw new Unauthorized(MESSAGES.tokenMissing, 'token-missing');
    throw new Unauthorized(MESSAGES.invalidSignature, 'session-ended');
  }
  return m[1];
}

/** API keys start with this (issue 31); a JWT never does (it starts with its base64url header, "ey"). */
export const API_KEY_MARK = 'rlk_';

async function authenticate(
  app: FastifyInstance,
  resolveApiKey: KeyResolver,
  request: FastifyRequest,
  expected: 'member' | 'admin' | 'either',
): Promise<Principal> {
  const token = bearer(request);
  if (token.startsWith(API_KEY_MARK)) {
    const principal = await resolveApiKey(token, request);
    // A key acts for a member's account only: never on the admin console (issue 31).
    if (expected === 'admin') throw new Forbidden(ADMIN_REQUIRED);
    return principal;
  }
  const claims = await verifyToken(app.config.jwtSecret, token);
  const want = expected === 'either' ? claims.kind : expected;
  if (claims.kind !== want) throw new Forbidden(want === 'admin' ? ADMIN_REQUIRED : MEMBER_REQUIRED);
  if (want === 'member') return memberPrincipal(app, claims, request);
  const row = await app.db
    .selectFrom('admins')
    .leftJoin('admin_two_factor', 'admin_two_factor.admin_id', 'admins.id')
    .select(['admins.id', 'admins.tokens_valid_after', 'admin_two_factor.enabled_at'])
    .where('admins.id', '=', claims.sub)
    .executeTakeFirst();
  if (!row || issuedBefore(claims, row.tokens_valid_after)) throw new Unauthorized(MESSAGES.jwtExpired, 'session-ended');
  // Issue 33: with ADMIN_2FA_REQUIRED, an admin without it may only set it up (grants.ts).
  if (app.config.security.admin2faRequired && !row.enabled_at) return { kind: 'admin', adminId: row.id, needsTwoFactor: true };
  return { kind: 'admin', adminId: row.id };
}

/**
 * The account row and, in the same query, the token's session (issue 33): a revoked or unknown
 * session ends on its next request on every API node, at the cost of a primary-key join.
 */
async function memberPrincipal(app: FastifyInstance, claims: TokenClaims, request: FastifyRequest): Promise<Principal> {
  const row = await app.db
    .selectFrom('users')
    .leftJoin('sessions', (j) => j.onRef('sessions.user_id', '=', 'users.id').on('sessions.id', '=', claims.sid ?? ''))
    .select([
      'users.id',
      'users.parent_id',
      'users.tokens_valid_after',
      'users.sessionless_tokens_before',
      'sessions.revoked_at',
      'sessions.last_seen_at',
    ])
    .where('users.id', '=', claims.sub)
    .executeTakeFirst();
  // A deleted account or a revoked token reads as an ended session: the client goes to /login (spec §8).
  if (!row || issuedBefore(claims, row.tokens_valid_after)) throw new Unauthorized(MESSAGES.jwtExpired, 'session-ended');
  // A sessionless token issued up to the very millisecond of "Sign out everywhere else" has ended.
  const before = row.sessionless_tokens_before;
  if (!claims.sid && before !== null && Math.floor(claims.iat * 1000) <= Date.parse(before)) {
    throw new Unauthorized(MESSAGES.jwtExpired, 'session-ended');
  }
  if (claims.sid) {
    if (!row.last_seen_at || row.revoked_at) throw new Unauthorized(MESSAGES.jwtExpired, 'session-ended');
    const now = Date.now();
    if (now - Date.parse(row.last_seen_at) >= LAST_SEEN_STEP_MS) {
      await touchSession(app.db, claims.sid, new Date(now).toISOString(), new Date(now - LAST_SEEN_STEP_MS).toISOString());
    }
  }
  request.sessionId = claims.sid ?? null;
  return accountPrincipal(row);
}

export const authGuards = fp<{ resolveApiKey: KeyResolver }>(
  async (app, { resolveApiKey }) => {
    // Set by the guard before any handler reads it; null until then.
    app.decorateRequest('principal', null as unknown as { getter: () => Principal });
    app.decorateRequest('access', null as unknown as { getter: () => Granted });
    app.decorateRequest('sessionId', null);
    const guard = (expected: 'member' | 'admin' | 'either') => async (request: FastifyRequest) => {
      request.principal = await authenticate(app, resolveApiKey, request, expected);
    };
    app.decorate('requireMember', guard('member'));
    app.decorate('requireAdmin', guard('admin'));
    app.decorate('requireSignedIn', guard('either'));
    app.decorate('principalIfAny', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return null;
      try {
        return await authenticate(app, resolveApiKey, request, 'either');
      } catch (err) {
        // A key over its budget stays over it on a public call too (issue 31).
        if (err instanceof TooMany) throw err;
        // A public call answers the public view rather than failing on a stale token.
        return null;
      }
    });
  },
  { name: 'auth-guards', dependencies: ['app-context'] },
);
