import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors';
import { defineRoute, typed } from '../../http/define-route';
import { clickRateLimit } from '../../plugins/rate-limits';
import { findLinkLists, linkRowToLink } from '../links';
import { CLICK_COUNTED, describeVisit, NOT_COUNTED } from '../traffic';
import { USER_NOT_FOUND } from '../users';
import { userRowToAbout } from '../users';
import { findAboutById } from '../users';
import { answerAndKeep, fromCache } from './public-cache/cached-answer';

/** /api/public: the visitor page's calls, no token (spec §7). Routes only: the rules live in the features. */
export async function visitorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  // The visitor page's reads: from the public answer cache (issue 12, public-cache/), else one
  // precompiled statement each, serialised through the contract's response schema and kept.
  const cache = app.publicAnswers;
  app.route({
    ...defineRoute(app, endpoints.getPublicLinks, 'public'),
    onRequest: fromCache(cache, 'links'),
    // Compressed once per answer by the cache, not per request by the plugin (cached-answer.ts).
    config: { compress: false },
    handler: async (request, reply) =>
      answerAndKeep({ cache, kind: 'links', profileId: request.query.user_id, request, reply }, async () => {
        const lists = await findLinkLists(app.db, request.query.user_id);
        if (!lists) throw new NotFound(USER_NOT_FOUND);
        return lists;
      }),
  });

  app.route({
    ...defineRoute(app, endpoints.getPublicProfile, 'public'),
    onRequest: fromCache(cache, 'about'),
    config: { compress: false },
    handler: async (request, reply) =>
      answerAndKeep({ cache, kind: 'about', profileId: request.query.user_id, request, reply }, async () => {
        const user = await findAboutById(app.db, request.query.user_id);
        if (!user) throw new NotFound(USER_NOT_FOUND);
        return userRowToAbout(user);
      }),
  });

  app.route({
    ...defineRoute(app, endpoints.incrementClicks, 'public'),
    // The hot path: its answer is always below the compression threshold (http/compression.ts).
    config: { ...clickRateLimit(app.config.rateLimit.clicksPerMin), compress: false },
    handler: async (request) => {
      const visit = await describeVisit(app.visitors, request, request.body.referrer);
      const { link, verdict, destination } = await app.ledger.pageClick({ linkId: request.body.link_id, visit });
      // issue 14: a click that does not count still answers 200, with the link unchanged.
      const counted = verdict === 'counted';
      // issue 30: `destination` carries the click id to the offer (the page opens it, not link.link).
      return { message: counted ? CLICK_COUNTED : NOT_COUNTED[verdict], counted, link: linkRowToLink(link), destination };
    },
  });
}
