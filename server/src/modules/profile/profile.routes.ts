import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { grantedProfileId } from '../../access/access-hook';
import { defineRoute, typed } from '../../http/define-route';
import { userRowToAbout, userRowToUser } from '../users';
import { loadProfileWithPlan, loadSelf, updateOwnProfile } from './profile.service';

/** The signed-in account's own profile: profile, aboutProfile, updateProfile (spec §7). */
export async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.route({
    ...defineRoute(app, endpoints.getProfile, 'profile'),
    handler: async (request) => userRowToUser(await loadProfileWithPlan(app.db, grantedProfileId(request))),
  });

  app.route({
    ...defineRoute(app, endpoints.getAboutProfile, 'profile'),
    handler: async (request) => userRowToAbout(await loadSelf(app.db, grantedProfileId(request))),
  });

  app.route({
    ...defineRoute(app, endpoints.updateProfile, 'profile'),
    handler: async (request) => {
      await updateOwnProfile(app.db, grantedProfileId(request), request.body);
      return { message: 'Profile updated successfully' };
    },
  });
}
