import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors';
import { schemaOf } from '../../http/route-schema';
import { clickRateLimit } from '../../plugins/rate-limits';
import { findLinkLists } from '../links/link-lists.repository';
import { linkRowToLink } from '../links/link.mapper';
import { USER_NOT_FOUND } from '../users/ownership';
import { userRowToAbout } from '../users/user.mapper';
import { findAboutById } from '../users/users.repository';
import { ClickBatcher } from './click-batcher';
import { applyClick, incrementClick } from './increment-click';

/** /api/public: the visitor page's calls, no token (spec §7). */
export async function publicRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // One group-commit queue per app (issue 7): concurrent clicks share one transaction. On close,
  // clicks already taken are committed and answered before the database goes away.
  const clicks = new ClickBatcher(app.db, applyClick);
  app.addHook('onClose', () => clicks.drain());

  // The visitor page's reads: one precompiled statement each, answered through the contract's
  // response schema (fast-json-stringify). No cache: a click on any API node shows at once.
  app.get(endpoints.getPublicLinks.url, { schema: schemaOf(endpoints.getPublicLinks, 'public') }, async (request) => {
    const lists = await findLinkLists(app.db, request.query.user_id);
    if (!lists) throw new NotFound(USER_NOT_FOUND);
    return lists;
  });

  app.get(endpoints.getPublicProfile.url, { schema: schemaOf(endpoints.getPublicProfile, 'public') }, async (request) => {
    const user = await findAboutById(app.db, request.query.user_id);
    if (!user) throw new NotFound(USER_NOT_FOUND);
    return userRowToAbout(user);
  });

  app.post(
    endpoints.incrementClicks.url,
    { schema: schemaOf(endpoints.incrementClicks, 'public'), config: clickRateLimit(app.config.rateLimit.clicksPerMin) },
    async (request) => {
      const link = await incrementClick({ clicks, linkId: request.body.link_id });
      return { message: 'Click counted', link: linkRowToLink(link) };
    },
  );
}
