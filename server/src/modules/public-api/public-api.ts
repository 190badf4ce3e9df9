import type { FastifyInstance } from 'fastify';
import { inRootContext } from '../../http/root-context';
import type { RedisLink } from '../../plugins/redis-link';
import { deleteExpiredKeys } from './idempotency.repository';
import { v1Docs } from './v1-docs';
import { v1LinksRoutes } from './v1-links.routes';
import { v1ProfileRoutes } from './v1-profile.routes';

/**
 * The public REST API (issue 31, decisions 0132-0134): its OpenAPI document first (it collects
 * the routes registered after it in this scope), then the routes; and the hourly job that
 * forgets Idempotency-Keys past their 24 hours, once across the nodes.
 */
export async function publicApi(fastify: FastifyInstance, opts: { redis?: RedisLink }): Promise<void> {
  // Called, not registered: its document must live in this scope to see the routes registered below.
  await v1Docs(fastify);
  await fastify.register(inRootContext(v1LinksRoutes));
  await fastify.register(inRootContext(v1ProfileRoutes), opts);
  fastify.jobs.every({ name: 'idempotency-keys-cleanup', intervalMs: 3600_000 }, async ({ log }) => {
    const deleted = await deleteExpiredKeys(fastify.db, new Date().toISOString());
    if (deleted > 0) log.info({ deleted }, 'public API: expired idempotency keys deleted');
  });
}
