import { v1Endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { grantedProfileId } from '../../access/access-hook';
import { typed } from '../../http/define-route';
import type { RedisLink } from '../../plugins/redis-link';
import { ConversionLimits, conversionRecorder, fieldsOf } from '../conversions';
import { changeRotatorSettings, readRotatorSettings } from '../rotator';
import { getSeries, getSummary, parseRange, parseZone, readLinkNames, requireSeriesLink, slotRange } from '../stats';
import { idempotent } from './idempotency';
import { v1Route } from './v1-route';

/** /api/v1 rotator settings, stats and conversions of one profile (issue 31): the services of issues 14, 15 and 30. */
export async function v1ProfileRoutes(fastify: FastifyInstance, opts: { redis?: RedisLink }): Promise<void> {
  const app = typed(fastify);
  const { apiPublicUrl } = app.config;

  app.route({
    ...v1Route(app, v1Endpoints.getRotator, 'Rotator'),
    handler: async (request) => readRotatorSettings({ db: app.db, userId: grantedProfileId(request), apiPublicUrl }),
  });

  app.route({
    ...v1Route(app, v1Endpoints.updateRotator, 'Rotator'),
    handler: async (request) => {
      const userId = grantedProfileId(request);
      return changeRotatorSettings({ db: app.db, userId, body: { ...request.body, user_id: userId }, apiPublicUrl });
    },
  });

  app.route({
    ...v1Route(app, v1Endpoints.getStatsSummary, 'Stats'),
    handler: async (request) => {
      const userId = grantedProfileId(request);
      const range = slotRange(parseRange(request.query));
      return getSummary(app.db, { userId, range, links: await readLinkNames(app.db, userId) });
    },
  });

  app.route({
    ...v1Route(app, v1Endpoints.getStatsSeries, 'Stats'),
    handler: async (request) => {
      const userId = grantedProfileId(request);
      const q = request.query;
      const range = parseRange(q);
      const zone = parseZone(q.tz);
      if (q.link_id !== undefined) await requireSeriesLink(app.db, userId, q.link_id);
      return getSeries(app.db, { userId, range, interval: q.interval, zone, linkId: q.link_id });
    },
  });

  // The postback's budgets, counted under the same Redis keys: a profile's unattributed sales are one budget however they arrive.
  const limits = new ConversionLimits(app.config.rateLimit, opts.redis, `${app.config.redisKeyPrefix}conv:`);
  const record = conversionRecorder(app, limits);
  app.route({
    ...v1Route(app, v1Endpoints.recordConversion, 'Conversions'),
    handler: async (request, reply) =>
      idempotent(app, request, reply, async () => {
        const done = await record(grantedProfileId(request), fieldsOf({}, request.body), 'api', { ownClick: true });
        reply.code(done.statusCode as 200 | 201 | 202);
        return done.answer;
      }),
  });
}
