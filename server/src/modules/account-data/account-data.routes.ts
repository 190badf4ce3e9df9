import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { grantedProfileId } from '../../access/access-hook';
import { defineRoute, typed } from '../../http/define-route';
import { recordAudit, auditWho } from '../audit';
import type { Mailer } from '../mail';
import { findUserById } from '../users';
import { Unauthorized } from '../../errors';
import { MESSAGES } from '@rotalink/shared-api/rules';
import { accountExport, exportFileName } from './account-export';
import { deleteOwnAccount } from './delete-own-account';
import { takeExportSlot } from './export-budget';

/** Issue 33: the member's own data export and account deletion (decision 0145). */
export async function accountDataRoutes(fastify: FastifyInstance, opts: { mailer: Mailer }): Promise<void> {
  const app = typed(fastify);

  app.route({
    ...defineRoute(app, endpoints.exportAccount, 'account'),
    // A zip is compressed already.
    config: { compress: false },
    handler: async (request, reply) => {
      const userId = grantedProfileId(request);
      const member = await findUserById(app.db, userId);
      if (!member) throw new Unauthorized(MESSAGES.jwtExpired, 'session-ended');
      const release = await takeExportSlot(app.db, userId);
      try {
        await recordAudit(app.db, { action: 'member.account-exported', ...auditWho(app.config.jwtSecret, request), targetId: userId });
        const now = new Date();
        const zip = await accountExport(app.db, member, now);
        // Freed when the stream has been read to its end, fails, or the client goes away.
        for (const done of ['end', 'error', 'close']) zip.once(done, release);
        // The contract's 200 is a file; Fastify pipes a stream as is, with backpressure.
        return (reply as unknown as FastifyReply)
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
          .header('cache-control', 'private, no-store')
          .send(zip);
      } catch (err) {
        release();
        throw err;
      }
    },
  });

  app.route({
    ...defineRoute(app, endpoints.deleteAccount, 'account'),
    handler: async (request) => {
      const message = await deleteOwnAccount({
        db: app.db,
        limiter: app.loginLimiter,
        mail: { mailer: opts.mailer, outbox: app.outbox, log: request.log, publicSiteUrl: app.config.publicSiteUrl },
        userId: grantedProfileId(request),
        ip: request.ip,
        body: request.body,
        who: auditWho(app.config.jwtSecret, request),
      });
      return { status: 'SUCCESS' as const, message };
    },
  });
}
