import { auditIpHash } from '../audit';
import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, typed } from '../../http/define-route';
import { badTokenIsInvalidLink } from '../../http/link-token';
import { PASSWORD_RESET_KIND, requestPasswordReset, resetMailRenderer } from './request-password-reset';
import { RESET_TEXT, resetPassword, type SetNewPassword } from './reset-password';

/** POST /api/auth/forgot-password and /api/auth/reset-password (spec §7, DESIGN §6). */
export async function passwordResetRoutes(fastify: FastifyInstance, opts: { setNewPassword: SetNewPassword }): Promise<void> {
  const app = typed(fastify);
  app.outbox.kind(PASSWORD_RESET_KIND, resetMailRenderer(app.config.publicSiteUrl));

  app.route({
    ...defineRoute(app, endpoints.forgotPassword, 'auth'),
    handler: async (request) => {
      const { message } = await requestPasswordReset({ outbox: app.outbox, email: request.body.email });
      // The mail goes out through the outbox worker (see requestPasswordReset); its failures are logged there.
      return { status: 'SUCCESS' as const, message };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.resetPassword, 'auth'),
    errorHandler: badTokenIsInvalidLink(RESET_TEXT.invalid),
    handler: async (request) => {
      const { message } = await resetPassword({
        db: app.db,
        token: request.body.token,
        password: request.body.password,
        setNewPassword: opts.setNewPassword,
        ipHash: auditIpHash(app.config.jwtSecret, request.ip),
      });
      return { status: 'SUCCESS' as const, message };
    },
  });
}
