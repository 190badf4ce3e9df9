import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, typed } from '../../http/define-route';
import type { Mailer } from '../mail/mailer';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';

export interface PasswordResetRoutesOptions {
  mailer: Mailer;
}

/** POST /api/auth/forgot-password and /api/auth/reset-password (spec §7, DESIGN §6). */
export async function passwordResetRoutes(fastify: FastifyInstance, opts: PasswordResetRoutesOptions): Promise<void> {
  const app = typed(fastify);

  app.route({
    ...defineRoute(app, endpoints.forgotPassword, 'auth'),
    handler: async (request) => {
      const { message } = await requestPasswordReset({
        db: app.db,
        mailer: opts.mailer,
        log: request.log,
        publicSiteUrl: app.config.publicSiteUrl,
        email: request.body.email,
      });
      // The mail goes out after the answer (see requestPasswordReset); its failures are logged there.
      return { status: 'SUCCESS' as const, message };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.resetPassword, 'auth'),
    handler: async (request) => {
      const { message } = await resetPassword({ db: app.db, token: request.body.token, password: request.body.password });
      return { status: 'SUCCESS' as const, message };
    },
  });
}
