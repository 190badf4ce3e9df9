import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors';
import { defineRoute, typed } from '../../http/define-route';
import { findMemberLinkLists, LINK_NOT_FOUND } from '../links';
import { grantedProfile } from '../../access/access-hook';
import type { CheckOptions } from './check-destination';
import { checkAllLinks, checkLink, type LinkChecker } from './check-links';

/** The checker's fixed rules (issue 16): 5 s per request, at most 5 redirects. */
export const CHECK_TIMEOUT_MS = 5000;
export const MAX_REDIRECTS = 5;
export const LINK_HEALTH_JOB = 'link-health';

export const checkMessage = (ok: boolean, result: string) =>
  ok ? `The destination answers (${result}).` : `The destination failed this check: ${result}.`;

/**
 * Link health (issue 16): the scheduled check of every pending link (a job that runs once across
 * all API nodes, every LINK_CHECK_INTERVAL, off when unset to 'off'), and "Check now" for one link
 * (POST /api/links/checkLink, owner only). `checkOptions` lets tests shorten the timeout.
 */
export async function linkHealthRoutes(fastify: FastifyInstance, opts: { checkOptions?: Partial<CheckOptions> } = {}): Promise<void> {
  const app = typed(fastify);
  const { linkCheck } = app.config;
  const checker: LinkChecker = {
    db: app.db,
    outbox: app.outbox,
    ledger: app.ledger,
    options: {
      timeoutMs: CHECK_TIMEOUT_MS,
      maxRedirects: MAX_REDIRECTS,
      allow: linkCheck.allow,
      extraCa: linkCheck.extraCa,
      userAgent: `RotalinkLinkCheck/1.0 (+${app.config.publicSiteUrl})`,
      ...opts.checkOptions,
    },
  };

  if (linkCheck.intervalMs !== null) {
    app.jobs.every({ name: LINK_HEALTH_JOB, intervalMs: linkCheck.intervalMs }, ({ signal, log }) =>
      checkAllLinks({ ...checker, concurrency: linkCheck.concurrency, signal, log }).then(() => undefined),
    );
  }

  app.route({
    ...defineRoute(app, endpoints.checkLink, 'links'),
    handler: async (request) => {
      const profile = grantedProfile(request);
      const link = await app.db
        .selectFrom('links')
        .select(['id', 'url'])
        .where('id', '=', request.body.link_id)
        .where('user_id', '=', profile.id)
        .executeTakeFirst();
      if (!link) throw new NotFound(LINK_NOT_FOUND);
      const check = await checkLink(checker, link);
      const lists = await findMemberLinkLists(app.db, profile.id);
      return {
        message: checkMessage(check.ok, check.result),
        check: { ...check, checked_at: new Date().toISOString() },
        lists: lists ?? { pending: [], completed: [], paused: [] },
      };
    },
  });
}
