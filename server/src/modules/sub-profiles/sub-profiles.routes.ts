import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { grantedProfile, grantedProfileId } from '../../access/access-hook';
import type { Mailer, MailDeps } from '../mail';
import { auditIpHash } from '../audit';
import { defineRoute, typed } from '../../http/define-route';
import { userRowToSubProfile } from '../users';
import { asSubProfile, createSubProfile, deleteSubProfile, listOwnSubProfiles, updateSubProfile } from './sub-profiles.service';

/** A member's sub-profiles: sub-profiles, subprofile, getsubprofile/:userId, updatesubprofile (spec §7), deletesubprofile (issue 13). */
export async function subProfilesRoutes(fastify: FastifyInstance, opts: { mailer: Mailer }): Promise<void> {
  const app = typed(fastify);
  const mail = (request: FastifyRequest): MailDeps => ({
    mailer: opts.mailer,
    outbox: app.outbox,
    log: request.log,
    publicSiteUrl: app.config.publicSiteUrl,
  });

  app.route({
    ...defineRoute(app, endpoints.getSubProfiles, 'sub-profiles'),
    handler: async (request) => listOwnSubProfiles(app.db, grantedProfileId(request), request.query),
  });

  app.route({
    ...defineRoute(app, endpoints.createSubProfile, 'sub-profiles'),
    handler: async (request, reply) => {
      const userId = await createSubProfile({ db: app.db, mail: mail(request), memberId: grantedProfileId(request), body: request.body });
      return reply.code(201).send({ status: 'SUCCESS' as const, message: 'Sub-profile created successfully', user_id: userId });
    },
  });

  app.route({
    ...defineRoute(app, endpoints.getSubProfile, 'sub-profiles'),
    handler: async (request) => {
      const row = asSubProfile(grantedProfile(request));
      return { status: 'SUCCESS' as const, subProfiles: [userRowToSubProfile(row)] };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.updateSubProfile, 'sub-profiles'),
    handler: async (request) => {
      await updateSubProfile({
        db: app.db,
        mail: mail(request),
        principal: request.principal,
        profile: grantedProfile(request),
        body: request.body,
        ipHash: auditIpHash(app.config.jwtSecret, request.ip),
      });
      return { status: 'SUCCESS' as const, message: 'Sub-profile updated successfully' };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.deleteSubProfile, 'sub-profiles'),
    handler: async (request) => {
      await deleteSubProfile({ db: app.db, profile: grantedProfile(request) });
      return { status: 'SUCCESS' as const, message: 'Sub-profile deleted successfully' };
    },
  });
}
