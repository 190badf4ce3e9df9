import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { schemaOf } from '../../http/route-schema';
import { userRowToSubProfile } from '../users/user.mapper';
import { createSubProfile, loadSubProfile, updateSubProfile } from './sub-profiles.service';

/** /api/auth sub-profile calls: subprofile, getsubprofile/:userId, updatesubprofile (spec §7). */
export async function subProfilesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(endpoints.createSubProfile.url, { schema: schemaOf(endpoints.createSubProfile, 'sub-profiles'), onRequest: app.requireMember }, async (request, reply) => {
    const userId = await createSubProfile({ db: app.db, auth: request.auth, body: request.body });
    return reply.code(201).send({ status: 'SUCCESS' as const, message: 'Sub-profile created successfully', user_id: userId });
  });

  app.get(endpoints.getSubProfile.url, { schema: schemaOf(endpoints.getSubProfile, 'sub-profiles'), onRequest: app.requireMember }, async (request) => {
    const row = await loadSubProfile({ db: app.db, auth: request.auth, userId: request.params.userId });
    return { status: 'SUCCESS' as const, subProfiles: [userRowToSubProfile(row)] };
  });

  app.put(endpoints.updateSubProfile.url, { schema: schemaOf(endpoints.updateSubProfile, 'sub-profiles'), onRequest: app.requireMember }, async (request) => {
    await updateSubProfile({ db: app.db, auth: request.auth, body: request.body });
    return { status: 'SUCCESS' as const, message: 'Sub-profile updated successfully' };
  });
}
