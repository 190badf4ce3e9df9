import { V1_MAX_LIMIT, v1Endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { grantedProfile, grantedProfileId } from '../../access/access-hook';
import { ownProfileId } from '../../access/principal';
import { NotFound } from '../../errors';
import { typed } from '../../http/define-route';
import { addLink, deleteLink, LINK_NOT_FOUND, pauseLink, reorderLinks, resetLinkToEnd, updateLink } from '../links';
import { idempotent } from './idempotency';
import { pageOfLinks, readLink } from './v1-links';
import { pageOfProfiles } from './v1-profiles';
import { v1Route } from './v1-route';

/**
 * /api/v1 profiles and links (issue 31): the same use cases as the spec's /api/links calls (plan,
 * 20-link limit, URL rule, queue order, locks), answered one resource at a time.
 */
export async function v1LinksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const testAllow = app.config.linkCheck.allow;

  app.route({
    ...v1Route(app, v1Endpoints.listProfiles, 'Profiles'),
    handler: async (request) => pageOfProfiles(app.db, ownProfileId(request.principal) as string, request.query),
  });

  app.route({
    ...v1Route(app, v1Endpoints.listLinks, 'Links'),
    handler: async (request) => pageOfLinks(app.db, grantedProfileId(request), request.query),
  });

  app.route({
    ...v1Route(app, v1Endpoints.getLink, 'Links'),
    handler: async (request) => readLink(app.db, grantedProfileId(request), request.params.linkId),
  });

  app.route({
    ...v1Route(app, v1Endpoints.createLink, 'Links'),
    handler: async (request, reply) =>
      idempotent(app, request, reply, async () => {
        const profile = grantedProfile(request);
        const body = { ...request.body, max_clicks: request.body.max_clicks ?? null, user_id: profile.id };
        const row = await addLink({ db: app.db, profile, body, testAllow });
        reply.code(201);
        return readLink(app.db, profile.id, row.id);
      }),
  });

  app.route({
    ...v1Route(app, v1Endpoints.updateLink, 'Links'),
    handler: async (request) => {
      const profile = grantedProfile(request);
      const body = { ...request.body, link_id: request.params.linkId, user_id: profile.id };
      await updateLink({ db: app.db, profile, body, testAllow });
      return readLink(app.db, profile.id, request.params.linkId);
    },
  });

  app.route({
    ...v1Route(app, v1Endpoints.deleteLink, 'Links'),
    handler: async (request, reply) => {
      if (!(await deleteLink(app.db, request.params.linkId, grantedProfileId(request)))) throw new NotFound(LINK_NOT_FOUND);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...v1Route(app, v1Endpoints.reorderLinks, 'Links'),
    handler: async (request, reply) =>
      idempotent(app, request, reply, async () => {
        const profile = grantedProfile(request);
        await reorderLinks({ db: app.db, profile, body: { ...request.body, user_id: profile.id } });
        return { data: (await pageOfLinks(app.db, profile.id, { status: 'pending', limit: String(V1_MAX_LIMIT) })).data };
      }),
  });

  for (const [endpoint, paused] of [
    [v1Endpoints.pauseLink, true],
    [v1Endpoints.resumeLink, false],
  ] as const) {
    app.route({
      ...v1Route(app, endpoint, 'Links'),
      handler: async (request, reply) =>
        idempotent(app, request, reply, async () => {
          const profile = grantedProfile(request);
          await pauseLink({
            db: app.db,
            ledger: app.ledger,
            profile,
            body: { link_id: request.params.linkId, user_id: profile.id, paused },
          });
          return readLink(app.db, profile.id, request.params.linkId);
        }),
    });
  }

  app.route({
    ...v1Route(app, v1Endpoints.resetLink, 'Links'),
    handler: async (request, reply) =>
      idempotent(app, request, reply, async () => {
        const profileId = grantedProfileId(request);
        if (!(await resetLinkToEnd(app.db, request.params.linkId, profileId))) throw new NotFound(LINK_NOT_FOUND);
        return readLink(app.db, profileId, request.params.linkId);
      }),
  });
}
