import { endpoints, WEBHOOK_TEST_EVENT } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { grantedProfileId } from '../../access/access-hook';
import { newId, nowIso } from '../../db/ids';
import { Conflict, NotFound } from '../../errors';
import { defineRoute, typed } from '../../http/define-route';
import type { ResolveHost } from '../link-health';
import { queueDelivery } from './queue-event';
import { checkWebhookUrl } from './webhook-url';
import { newWebhookSecret, type WebhookSecrets } from './webhook-secret';
import {
  countEndpoints,
  deliveryRowToDelivery,
  endpointRowToEndpoint,
  findDelivery,
  findOwnEndpoint,
  listEndpoints,
  recentDeliveries,
} from './webhooks.repository';

export const MAX_ENDPOINTS = 10;
/** The log lines the page shows (and the most kept per endpoint, webhooks-upkeep.ts). */
export const LOG_LINES = 50;
export const ENDPOINT_LIMIT = `An account can have at most ${MAX_ENDPOINTS} webhook endpoints. Delete one first.`;
export const ENDPOINT_CREATED = 'Webhook endpoint added. Copy its signing secret now: it will not be shown again.';
export const ENDPOINT_DELETED = 'Webhook endpoint deleted';
export const ENDPOINT_ENABLED = 'Webhook endpoint switched back on';
export const SECRET_ROTATED = 'New signing secret made. Copy it now: it will not be shown again; the old one stops working at once.';
export const TEST_QUEUED = 'Test event queued: it appears in the delivery log within seconds.';
export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';
export const ENABLE_FIRST = 'This endpoint is switched off: switch it back on first.';

/** /api/account/webhooks (issue 31): a member's webhook endpoints, their logs and test events. */
export async function webhooksRoutes(fastify: FastifyInstance, opts: { secrets: WebhookSecrets; resolve: ResolveHost }): Promise<void> {
  const app = typed(fastify);
  const own = async (userId: string, id: string) => {
    const row = await findOwnEndpoint(app.db, userId, id);
    if (!row) throw new NotFound(ENDPOINT_NOT_FOUND);
    return row;
  };

  app.route({
    ...defineRoute(app, endpoints.listWebhooks, 'account'),
    handler: async (request) => ({
      endpoints: (await listEndpoints(app.db, grantedProfileId(request))).map(endpointRowToEndpoint),
      max_endpoints: MAX_ENDPOINTS,
    }),
  });

  app.route({
    ...defineRoute(app, endpoints.createWebhook, 'account'),
    handler: async (request, reply) => {
      const userId = grantedProfileId(request);
      const url = await checkWebhookUrl(request.body.url, { allow: app.config.linkCheck.allow, resolve: opts.resolve });
      if ((await countEndpoints(app.db, userId)) >= MAX_ENDPOINTS) throw new Conflict(ENDPOINT_LIMIT);
      const secret = newWebhookSecret();
      const row = {
        id: newId(),
        user_id: userId,
        url,
        events: [...request.body.events].sort().join(','),
        secret_sealed: opts.secrets.sealed(secret),
        created_at: nowIso(),
        failing_since: null,
        disabled_at: null,
        disabled_reason: null,
      };
      await app.db.insertInto('webhook_endpoints').values(row).execute();
      return reply.code(201).send({ message: ENDPOINT_CREATED, endpoint: endpointRowToEndpoint(row), secret });
    },
  });

  app.route({
    ...defineRoute(app, endpoints.deleteWebhook, 'account'),
    handler: async (request) => {
      const row = await own(grantedProfileId(request), request.params.endpointId);
      // Its log goes with it (ON DELETE CASCADE); queued tries find no endpoint and are dropped.
      await app.db.deleteFrom('webhook_endpoints').where('id', '=', row.id).execute();
      return { message: ENDPOINT_DELETED };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.enableWebhook, 'account'),
    handler: async (request) => {
      const row = await own(grantedProfileId(request), request.params.endpointId);
      // A fresh start: the old run of failures no longer counts toward switching it off.
      await app.db
        .updateTable('webhook_endpoints')
        .set({ disabled_at: null, disabled_reason: null, failing_since: null })
        .where('id', '=', row.id)
        .execute();
      return {
        message: ENDPOINT_ENABLED,
        endpoint: endpointRowToEndpoint({ ...row, disabled_at: null, disabled_reason: null, failing_since: null }),
      };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.rotateWebhookSecret, 'account'),
    handler: async (request) => {
      const row = await own(grantedProfileId(request), request.params.endpointId);
      const secret = newWebhookSecret();
      await app.db
        .updateTable('webhook_endpoints')
        .set({ secret_sealed: opts.secrets.sealed(secret) })
        .where('id', '=', row.id)
        .execute();
      return { message: SECRET_ROTATED, endpoint: endpointRowToEndpoint(row), secret };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.sendTestWebhook, 'account'),
    handler: async (request, reply) => {
      const row = await own(grantedProfileId(request), request.params.endpointId);
      if (row.disabled_at) throw new Conflict(ENABLE_FIRST);
      const at = nowIso();
      const body = {
        type: WEBHOOK_TEST_EVENT,
        timestamp: at,
        data: { endpoint_id: row.id, message: 'A test event from Rotalink.' },
      } as const;
      const id = await app.db
        .transaction()
        .execute((trx) => queueDelivery(trx, app.outbox, { endpoint: row, eventKey: `test:${newId()}`, body }));
      app.outbox.wake();
      const delivery = await findDelivery(app.db, id as string);
      return reply.code(202).send({ message: TEST_QUEUED, delivery: deliveryRowToDelivery(delivery!) });
    },
  });

  app.route({
    ...defineRoute(app, endpoints.listWebhookDeliveries, 'account'),
    handler: async (request) => {
      const row = await own(grantedProfileId(request), request.params.endpointId);
      return { deliveries: (await recentDeliveries(app.db, row.id, LOG_LINES)).map(deliveryRowToDelivery) };
    },
  });
}
