import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors';
import { schemaOf } from '../../http/route-schema';
import { loadOwnedProfile, USER_NOT_FOUND } from '../users/ownership';
import { addLink } from './add-link';
import { findLinkLists } from './link-lists.repository';
import { linkRowToLink } from './link.mapper';
import { deleteLink, resetLinkToEnd } from './links.repository';

export const LINK_NOT_FOUND = 'Link not found.';

/** /api/links: the member's link management (spec §7). */
export async function linksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // The contract lists this call without a token (the lists are public on the visitor page anyway).
  app.get(endpoints.getMemberLinks.url, { schema: schemaOf(endpoints.getMemberLinks, 'links') }, async (request) => {
    const lists = await findLinkLists(app.db, request.query.user_id);
    if (!lists) throw new NotFound(USER_NOT_FOUND);
    return lists;
  });

  app.post(endpoints.addLink.url, { schema: schemaOf(endpoints.addLink, 'links'), onRequest: app.requireMember }, async (request, reply) => {
    const row = await addLink({ db: app.db, auth: request.auth, body: request.body });
    return reply.code(201).send({ message: 'Link added successfully', link: linkRowToLink(row) });
  });

  app.post(endpoints.resetLink.url, { schema: schemaOf(endpoints.resetLink, 'links'), onRequest: app.requireMember }, async (request) => {
    const profile = await loadOwnedProfile(app.db, request.auth, request.body.user_id);
    if (!(await resetLinkToEnd(app.db, request.body.link_id, profile.id))) throw new NotFound(LINK_NOT_FOUND);
    return { message: 'Link reset successfully' };
  });

  app.post(endpoints.deleteLink.url, { schema: schemaOf(endpoints.deleteLink, 'links'), onRequest: app.requireMember }, async (request) => {
    const profile = await loadOwnedProfile(app.db, request.auth, request.body.user_id);
    if (!(await deleteLink(app.db, request.body.link_id, profile.id))) throw new NotFound(LINK_NOT_FOUND);
    return { message: 'Link deleted successfully' };
  });
}
