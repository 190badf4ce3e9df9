import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, typed } from '../../http/define-route';
import { auditWho } from '../audit';
import { adminLoginCode } from './admin-login-code';
import { disableTwoFactor } from './disable-two-factor';
import { enableTwoFactor, startTwoFactor, twoFactorState } from './two-factor.service';

function adminIdOf(request: FastifyRequest): string {
  if (request.principal.kind !== 'admin') throw new Error('an admin route without the admin principal');
  return request.principal.adminId;
}

/** Issue 33: the admin's two-factor sign-in: the code step, and setting it up. */
export async function twoFactorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.route({
    ...defineRoute(app, endpoints.adminLoginCode, 'admin'),
    handler: async (request) => {
      const deps = { db: app.db, config: app.config, limiter: app.loginLimiter };
      const token = await adminLoginCode(deps, request.body.challenge, request.body.code, request.ip);
      return { Isadmin: 'Isadmin' as const, token };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.getTwoFactor, 'admin'),
    handler: async (request) => twoFactorState(app.db, app.config, adminIdOf(request)),
  });

  app.route({
    ...defineRoute(app, endpoints.startTwoFactor, 'admin'),
    handler: async (request) => {
      const id = adminIdOf(request);
      const admin = await app.db.selectFrom('admins').select(['id', 'username']).where('id', '=', id).executeTakeFirstOrThrow();
      return startTwoFactor(app.db, app.config, admin);
    },
  });

  app.route({
    ...defineRoute(app, endpoints.enableTwoFactor, 'admin'),
    handler: async (request) =>
      enableTwoFactor(app.db, app.config, adminIdOf(request), request.body.code, auditWho(app.config.jwtSecret, request)),
  });

  app.route({
    ...defineRoute(app, endpoints.disableTwoFactor, 'admin'),
    handler: async (request) => {
      const deps = { db: app.db, config: app.config, limiter: app.loginLimiter };
      return disableTwoFactor(deps, adminIdOf(request), request.body.code, request.ip, auditWho(app.config.jwtSecret, request));
    },
  });
}
