import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors';
import { schemaOf } from '../../http/route-schema';
import { linkRowToLink } from '../links/link.mapper';
import { listLinks } from '../links/links.repository';
import { USER_NOT_FOUND } from '../users/ownership';
import { findUserById } from '../users/users.repository';
import { adminLogin, listUsers, removeUser, updateMembership } from './admin.service';

/** /api/admin: admin sign-in and the admin-only calls (spec §6, §7). */
export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(endpoints.adminLogin.url, { schema: schemaOf(endpoints.adminLogin, 'admin') }, async (request) => {
    const deps = { db: app.db, config: app.config, limiter: app.loginLimiter };
    const token = await adminLogin(deps, request.body.username, request.body.password, request.ip);
    return { Isadmin: 'Isadmin' as const, token };
  });

  app.get(endpoints.getAllUsers.url, { schema: schemaOf(endpoints.getAllUsers, 'admin'), onRequest: app.requireAdmin }, async () => listUsers(app.db));

  app.post(endpoints.deleteUser.url, { schema: schemaOf(endpoints.deleteUser, 'admin'), onRequest: app.requireAdmin }, async (request) => {
    await removeUser(app.db, request.body.user_id);
    return { message: 'User deleted successfully' };
  });

  app.get(endpoints.getUserLinks.url, { schema: schemaOf(endpoints.getUserLinks, 'admin'), onRequest: app.requireAdmin }, async (request) => {
    if (!(await findUserById(app.db, request.params.userId))) throw new NotFound(USER_NOT_FOUND);
    return { links: (await listLinks(app.db, request.params.userId)).map(linkRowToLink) };
  });

  app.post(endpoints.updateUser.url, { schema: schemaOf(endpoints.updateUser, 'admin'), onRequest: app.requireAdmin }, async (request) => {
    const user = await updateMembership(app.db, request.params.userId, request.body);
    return { message: 'User updated successfully', user };
  });
}
