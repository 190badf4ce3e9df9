import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, typed } from '../../http/define-route';
import type { Mailer } from '../mail';
import { signInContext } from '../sessions';
import { login, signup } from './auth.service';
import { sendWelcomeMail } from './welcome-mail';

/** Sign-in and sign-up of members (spec §7); sign-up mails a welcome (issue 13). */
export async function authRoutes(fastify: FastifyInstance, opts: { mailer: Mailer }): Promise<void> {
  const app = typed(fastify);
  const deps = () => ({ db: app.db, config: app.config, limiter: app.loginLimiter });

  app.route({
    ...defineRoute(app, endpoints.login, 'auth'),
    handler: async (request) => {
      const token = await login(deps(), request.body, request.ip, signInContext(app, request));
      return { status: 'SUCCESS' as const, token, message: 'Login successful' };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.signup, 'auth'),
    handler: async (request, reply) => {
      const member = await signup(app.db, request.body);
      // After the answer, never in its way: a mail server that is down does not fail a sign-up.
      void sendWelcomeMail({ mailer: opts.mailer, outbox: app.outbox, log: request.log, publicSiteUrl: app.config.publicSiteUrl }, member);
      return reply.code(201).send({ status: 'SUCCESS' as const, message: 'User registered successfully' });
    },
  });
}
