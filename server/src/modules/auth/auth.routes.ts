import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { schemaOf } from '../../http/route-schema';
import { listSubProfiles } from '../users/users.repository';
import { userRowToAbout, userRowToSubProfile, userRowToUser } from '../users/user.mapper';
import { loadProfileWithPlan, loadSelf, login, signup, updateOwnProfile } from './auth.service';

/** /api/auth: login, signup, profile, sub-profiles (list), aboutProfile, updateProfile (spec §7). */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const deps = () => ({ db: app.db, config: app.config, limiter: app.loginLimiter });

  app.post(endpoints.login.url, { schema: schemaOf(endpoints.login, 'auth') }, async (request) => {
    const token = await login(deps(), request.body, request.ip);
    return { status: 'SUCCESS' as const, token, message: 'Login successful' };
  });

  app.post(endpoints.signup.url, { schema: schemaOf(endpoints.signup, 'auth') }, async (request, reply) => {
    await signup(app.db, request.body);
    return reply.code(201).send({ status: 'SUCCESS' as const, message: 'User registered successfully' });
  });

  app.get(endpoints.getProfile.url, { schema: schemaOf(endpoints.getProfile, 'auth'), onRequest: app.requireMember }, async (request) =>
    userRowToUser(await loadProfileWithPlan(app.db, request.auth.userId)),
  );

  app.get(endpoints.getSubProfiles.url, { schema: schemaOf(endpoints.getSubProfiles, 'auth'), onRequest: app.requireMember }, async (request) => ({
    subProfiles: (await listSubProfiles(app.db, request.auth.userId)).map(userRowToSubProfile),
  }));

  app.get(endpoints.getAboutProfile.url, { schema: schemaOf(endpoints.getAboutProfile, 'auth'), onRequest: app.requireMember }, async (request) =>
    userRowToAbout(await loadSelf(app.db, request.auth.userId)),
  );

  app.post(endpoints.updateProfile.url, { schema: schemaOf(endpoints.updateProfile, 'auth'), onRequest: app.requireMember }, async (request) => {
    await updateOwnProfile(app.db, request.auth.userId, request.body);
    return { message: 'Profile updated successfully' };
  });
}
