import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';

type RoutesPlugin<O extends FastifyPluginOptions> = (app: FastifyInstance, opts: O) => Promise<void>;

/**
 * A feature's routes registered in the context they are registered from, not in one of their own
 * (decision 0105). Fastify gives every encapsulated plugin its own Request and Reply classes, so
 * the code every request passes through (Fastify's router and reply, the global hooks, Node's
 * header getters) saw one object shape per plugin: with thirty of them V8's property caches there
 * went megamorphic, and a bare Fastify with thirty such plugins spends 17-35 % more CPU per
 * request. A plugin wrapped here may add routes only: a hook, a decorator or a body parser it
 * added would reach every route (those that need one register a scope of their own inside).
 */
export function inRootContext<O extends FastifyPluginOptions>(plugin: RoutesPlugin<O>): RoutesPlugin<O> {
  return fp(plugin, { name: plugin.name });
}
