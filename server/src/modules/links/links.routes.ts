import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors';
import { etagOf, notModified, sendNotModified } from '../../http/conditional';
import { defineRoute, typed } from '../../http/define-route';
import { grantedProfile } from '../../access/access-hook';
import { USER_NOT_FOUND } from '../users';
import { pauseLink } from './pause-link';
import { addLink } from './add-link';
import { findMemberLinkLists } from './link-lists.repository';
import { linkRowToLink } from './link.mapper';
import { deleteLink, resetLinkToEnd } from './links.repository';
import { reorderLinks } from './reorder-links';
import { updateLink } from './update-link';

import { LINK_NOT_FOUND } from './link-messages';

export { LINK_NOT_FOUND };

/** /api/links: the member's link management (spec §7; updateLink and reorder from issue 13). */
export async function linksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  // The contract lists this call without a token (the lists are public on the visitor page anyway).
  app.route({
    ...defineRoute(app, endpoints.getMemberLinks, 'links'),
    handler: async (request, reply) => {
      // Issue 16: the paused list (with its reasons) only for the owner (the access check's verdict).
      const lists = await findMemberLinkLists(app.db, request.query.user_id, request.access.allowed);
      if (!lists) throw new NotFound(USER_NOT_FOUND);
      // Issue 15 live counts: the member's pages poll this; an unchanged list is a 304 (http/conditional.ts).
      if (notModified(request, reply, etagOf(['links-1', JSON.stringify(lists)]))) return sendNotModified(reply);
      return lists;
    },
  });

  app.route({
    ...defineRoute(app, endpoints.addLink, 'links'),
    handler: async (request, reply) => {
      const row = await addLink({
        db: app.db,
        profile: grantedProfile(request),
        body: request.body,
        testAllow: app.config.linkCheck.allow,
      });
      return reply.code(201).send({ message: 'Link added successfully', link: linkRowToLink(row) });
    },
  });

  app.route({
    ...defineRoute(app, endpoints.resetLink, 'links'),
    handler: async (request) => {
      const profile = grantedProfile(request);
      if (!(await resetLinkToEnd(app.db, request.body.link_id, profile.id))) throw new NotFound(LINK_NOT_FOUND);
      return { message: 'Link reset successfully' };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.deleteLink, 'links'),
    handler: async (request) => {
      const profile = grantedProfile(request);
      if (!(await deleteLink(app.db, request.body.link_id, profile.id))) throw new NotFound(LINK_NOT_FOUND);
      return { message: 'Link deleted successfully' };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.updateLink, 'links'),
    handler: async (request) => {
      const row = await updateLink({
        db: app.db,
        profile: grantedProfile(request),
        body: request.body,
        testAllow: app.config.linkCheck.allow,
      });
      return { message: 'Link updated successfully', link: linkRowToLink(row) };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.pauseLink, 'links'),
    handler: async (request) => pauseLink({ db: app.db, ledger: app.ledger, profile: grantedProfile(request), body: request.body }),
  });

  app.route({
    ...defineRoute(app, endpoints.reorderLinks, 'links'),
    handler: async (request) => {
      const lists = await reorderLinks({ db: app.db, profile: grantedProfile(request), body: request.body });
      return { message: 'Queue order saved', ...lists };
    },
  });
}
