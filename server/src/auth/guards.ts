import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Forbidden, Unauthorized } from '../errors';
import { MESSAGES } from '@rotalink/shared-api/rules';
import { issuedBefore, verifyToken, type TokenKind } from './tokens';

export interface AuthContext {
  /** users.id for a member (or a sub-profile that signed in), admins.id for the admin. */
  userId: string;
  kind: TokenKind;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid, unrevoked member token (403 for an admin token). */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: a valid admin token (403 for a member token). */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: a valid member or admin token; the route decides what it may see (request.auth.kind). */
    requireSignedIn: (request: FastifyRequest) => Promise<void>;
    /** On a public call: the member behind a valid token, or null (no token, or one that does not check out). */
    memberIfAny: (request: FastifyRequest) => Promise<AuthContext | null>;
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

async function authenticate(app: FastifyInstance, request: FastifyRequest, expected: TokenKind | 'either'): Promise<void> {
  const claims = await verifyToken(app.config.jwtSecret, bearer(request));
  const want = expected === 'either' ? claims.kind : expected;
  if (claims.kind !== want) {
    throw new Forbidden(want === 'admin' ? 'Admin access required.' : 'This call needs a member sign-in, not the admin token.');
  }
  const row =
    want === 'member'
      ? await app.db.selectFrom('users').select(['id', 'tokens_valid_after']).where('id', '=', claims.sub).executeTakeFirst()
      : await app.db.selectFrom('admins').select(['id', 'tokens_valid_after']).where('id', '=', claims.sub).executeTakeFirst();
  // A deleted account or a revoked token reads as an ended session: the client goes to /login (spec §8).
  if (!row || issuedBefore(claims, row.tokens_valid_after)) throw new Unauthorized(MESSAGES.jwtExpired, 'session-ended');
  request.auth = { userId: claims.sub, kind: claims.kind };
}

export const authGuards = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorate('requireMember', (request: FastifyRequest) => authenticate(app, request, 'member'));
    app.decorate('requireAdmin', (request: FastifyRequest) => authenticate(app, request, 'admin'));
    app.decorate('requireSignedIn', (request: FastifyRequest) => authenticate(app, request, 'either'));
    app.decorate('memberIfAny', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return null;
      try {
        await authenticate(app, request, 'member');
        return request.auth;
      } catch {
        // A public call answers the public view rather than failing on a stale token.
        return null;
      }
    });
  },
  { name: 'auth-guards', dependencies: ['app-context'] },
);
