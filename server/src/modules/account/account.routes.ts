import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { grantedProfileId } from '../../access/access-hook';
import { defineRoute, typed } from '../../http/define-route';
import { badTokenIsInvalidLink } from '../../http/link-token';
import type { Mailer } from '../mail';
import type { MailDeps } from '../mail';
import { auditIpHash, auditWho } from '../audit';
import { signInContext } from '../sessions';
import { changePassword, PASSWORD_CHANGED } from './change-password';
import { confirmEmailChange, EMAIL_TEXT, requestEmailChange } from './change-email';

/** Account settings (issue 13): change-password, change-email and the token-less confirm-email. */
export async function accountRoutes(fastify: FastifyInstance, opts: { mailer: Mailer }): Promise<void> {
  const app = typed(fastify);
  const mail = (request: FastifyRequest): MailDeps => ({
    mailer: opts.mailer,
    outbox: app.outbox,
    log: request.log,
    publicSiteUrl: app.config.publicSiteUrl,
  });

  app.route({
    ...defineRoute(app, endpoints.changePassword, 'account'),
    handler: async (request) => {
      const token = await changePassword({
        db: app.db,
        config: app.config,
        limiter: app.loginLimiter,
        mail: mail(request),
        userId: grantedProfileId(request),
        ip: request.ip,
        body: request.body,
        who: auditWho(app.config.jwtSecret, request),
        session: { id: request.sessionId, ctx: signInContext(app, request) },
      });
      return { status: 'SUCCESS' as const, message: PASSWORD_CHANGED, token };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.changeEmail, 'account'),
    handler: async (request) => {
      const message = await requestEmailChange({
        db: app.db,
        limiter: app.loginLimiter,
        mail: mail(request),
        userId: grantedProfileId(request),
        ip: request.ip,
        body: request.body,
      });
      return { status: 'SUCCESS' as const, message };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.confirmEmail, 'account'),
    errorHandler: badTokenIsInvalidLink(EMAIL_TEXT.invalid),
    handler: async (request) => {
      const message = await confirmEmailChange({
        db: app.db,
        mail: mail(request),
        token: request.body.token,
        ipHash: auditIpHash(app.config.jwtSecret, request.ip),
      });
      return { status: 'SUCCESS' as const, message };
    },
  });
}
