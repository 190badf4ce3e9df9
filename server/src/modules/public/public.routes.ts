import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors';
import { schemaOf } from '../../http/route-schema';
import { clickRateLimit } from '../../plugins/rate-limits';
import { linkRowToLink, toLinkLists } from '../links/link.mapper';
import { listLinks } from '../links/links.repository';
import { USER_NOT_FOUND } from '../users/ownership';
import { userRowToAbout } from '../users/user.mapper';
import { findUserById } from '../users/users.repository';
import { incrementClick } from './increment-click';

/** /api/public: the visitor page's calls, no token (spec §7). */
export async function publicRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(endpoints.getPublicLinks.url, { schema: schemaOf(endpoints.getPublicLinks, 'public') }, async (request) => {
    if (!(await findUserById(app.db, request.query.user_id))) throw new NotFound(USER_NOT_FOUND);
    return toLinkLists(await listLinks(app.db, request.query.user_id));
  });

  app.get(endpoints.getPublicProfile.url, { schema: schemaOf(endpoints.getPublicProfile, 'public') }, async (request) => {
    const user = await findUserById(app.db, request.query.user_id);
    if (!user) throw new NotFound(USER_NOT_FOUND);
    return userRowToAbout(user);
  });

  app.post(
    endpoints.incrementClicks.url,
    { schema: schemaOf(endpoints.incrementClicks, 'public'), config: clickRateLimit(app.config.rateLimit.clicksPerMin) },
    async (request) => {
      const link = await incrementClick({ db: app.db, linkId: request.body.link_id });
      return { message: 'Click counted', link: linkRowToLink(link) };
    },
  );
}
