import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';

type RoutesPlugin<O extends FastifyPluginOptions> = (app: FastifyInstance, opts: O) => Promise<void>;

/**
 * A feature's plugin registered in the context it is registered from, not in one of its own
 * (decision 0105). Fastify makes a Request class per encapsulated plugin and uses it once that
 * context is decorated; with TRUST_PROXY (the deploy, behind its proxy) it decorates every
 * context's Request with its own `ip` getter, so each of some thirty plugins served its requests
 * with a class of its own, and the code every request passes through (Fastify's router and reply,
 * the global hooks) saw thirty shapes. A plugin wrapped here may add routes and jobs only: a hook,
 * a decorator or a body parser it added would reach every route (those that need one register a
 * scope of their own inside).
 */
export function inRootContext<O extends FastifyPluginOptions>(plugin: RoutesPlugin<O>): RoutesPlugin<O> {
  return fp(plugin, { name: plugin.name });
}
