import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../../errors';
import { defineRoute, typed } from '../../http/define-route';
import { linkRowToLink } from '../links/link.mapper';
import { listLinks } from '../links/links.repository';
import { USER_NOT_FOUND } from '../users/ownership';
import { findUserById } from '../users/users.repository';
import { adminLogin, removeUser, updateMembership } from './admin.service';
import { listUsers, readUserDetails } from './admin-users';

/** /api/admin: admin sign-in and the admin-only calls (spec §6, §7). */
export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.route({
    ...defineRoute(app, endpoints.adminLogin, 'admin'),
    handler: async (request) => {
      const deps = { db: app.db, config: app.config, limiter: app.loginLimiter };
      const token = await adminLogin(deps, request.body.username, request.body.password, request.ip);
      return { Isadmin: 'Isadmin' as const, token };
    },
  });

  app.route({ ...defineRoute(app, endpoints.getAllUsers, 'admin'), handler: async (request) => listUsers(app.db, request.query) });

  app.route({
    ...defineRoute(app, endpoints.getAdminUser, 'admin'),
    handler: async (request) => readUserDetails(app.db, request.params.userId),
  });

  app.route({
    ...defineRoute(app, endpoints.deleteUser, 'admin'),
    handler: async (request) => {
      await removeUser(app.db, request.body.user_id);
      return { message: 'User deleted successfully' };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.getUserLinks, 'admin'),
    handler: async (request) => {
      if (!(await findUserById(app.db, request.params.userId))) throw new NotFound(USER_NOT_FOUND);
      return { links: (await listLinks(app.db, request.params.userId)).map(linkRowToLink) };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.updateUser, 'admin'),
    handler: async (request) => {
      const user = await updateMembership(app.db, request.params.userId, request.body);
      return { message: 'User updated successfully', user };
    },
  });
}
