import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { grantedProfileId } from '../../access/access-hook';
import { defineRoute, typed } from '../../http/define-route';
import { auditWho } from '../audit';
import { placeOf } from './device';
import { sessionsCleanup } from './sessions-cleanup.job';
import { endOtherSessions, endSession, listSessions, OTHERS_ENDED, SESSION_ENDED, type SignInContext } from './sessions.service';

/** Where a request comes from, as a session remembers it. */
export function signInContext(app: FastifyInstance, request: FastifyRequest): SignInContext {
  return { userAgent: request.headers['user-agent'], place: placeOf(app.config.security.sessionPlaceHeader, request.headers) };
}

/** /api/auth/sessions (issue 33): the account's signed-in sessions, and signing them out. */
export async function sessionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  sessionsCleanup(fastify);

  app.route({
    ...defineRoute(app, endpoints.listSessions, 'account'),
    handler: async (request) => ({ sessions: await listSessions(app.db, grantedProfileId(request), request.sessionId) }),
  });

  app.route({
    ...defineRoute(app, endpoints.revokeSession, 'account'),
    handler: async (request) => {
      await endSession(app.db, grantedProfileId(request), request.params.sessionId, auditWho(app.config.jwtSecret, request));
      return { message: SESSION_ENDED };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.revokeOtherSessions, 'account'),
    handler: async (request) => {
      const userId = grantedProfileId(request);
      const who = auditWho(app.config.jwtSecret, request);
      const done = await endOtherSessions(app.db, app.config, userId, request.sessionId, signInContext(app, request), who);
      return { message: OTHERS_ENDED, ...done };
    },
  });
}
