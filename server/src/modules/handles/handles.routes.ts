import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import { NotFound } from '../../errors';
import { defineRoute, typed } from '../../http/define-route';
import { grantedProfileId } from '../../access/access-hook';
import { USER_NOT_FOUND } from '../users';
import { claimHandle } from './claim-handle';
import { checkHandleShape } from './handle-rules';
import { currentHandlesOf, liveHandlesOf, resolveHandleRow } from './handles.repository';
import { pageUrlOf, rotatorUrlOf } from './profile-addresses';

/** Issue 32: a profile's handle (owner), the member's handles, and the public lookup by handle. */
export async function handlesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { apiPublicUrl, publicSiteUrl } = app.config;

  const stateOf = async (db: Db, userId: string) => {
    const rows = await liveHandlesOf(db, userId, nowIso());
    const handle = rows.find((r) => r.state === 'current')?.handle ?? null;
    return {
      user_id: userId,
      handle,
      page_url: pageUrlOf(publicSiteUrl, userId, handle),
      rotator_url: rotatorUrlOf(apiPublicUrl, userId, handle),
      old_handles: rows.filter((r) => r.state === 'old').map((r) => ({ handle: r.handle, frees_at: r.frees_at ?? '' })),
    };
  };

  app.route({
    ...defineRoute(app, endpoints.getHandle, 'handles'),
    handler: async (request) => stateOf(app.db, grantedProfileId(request)),
  });

  app.route({
    ...defineRoute(app, endpoints.updateHandle, 'handles'),
    handler: async (request) => {
      const userId = grantedProfileId(request);
      const message = await claimHandle({ db: app.db, userId, input: request.body.handle, now: new Date() });
      return { message, state: await stateOf(app.db, userId) };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.getMyHandles, 'handles'),
    handler: async (request) => {
      const me = grantedProfileId(request);
      const profiles = await app.db
        .selectFrom('users')
        .select('id')
        .where((w) => w.or([w('id', '=', me), w('parent_id', '=', me)]))
        .execute();
      const handles = await currentHandlesOf(
        app.db,
        profiles.map((p) => p.id),
      );
      return { handles: Object.fromEntries(handles) };
    },
  });

  // The visitor page at /{handle}: whose page, and the current handle (an old one answers the new, the page moves there).
  app.route({
    ...defineRoute(app, endpoints.resolveHandle, 'public'),
    handler: async (request) => {
      let handle: string;
      try {
        handle = checkHandleShape(request.query.handle).handle;
      } catch {
        throw new NotFound(USER_NOT_FOUND); // a reserved or malformed handle names no page
      }
      const found = await resolveHandleRow(app.db, handle, nowIso());
      if (!found) throw new NotFound(USER_NOT_FOUND);
      return { user_id: found.profile_id, handle: found.current };
    },
  });
}
