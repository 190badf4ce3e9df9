import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Endpoint } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accessHook } from '../access/access-hook';
import { schemaOf } from './route-schema';

type Guard = (request: FastifyRequest) => Promise<void>;
const PERSONAL = 'private, no-store';

/**
 * A route's method, URL, schema, guard and access check, all from the contract's `endpoints`
 * table: the contract says which token each call needs (`auth`, checked on request) and what it
 * may do on which profile (`access`, issue 31, checked once the input is validated), so no route
 * writes its guard or an ownership check by hand. Spread it into
 * `app.route({ ...defineRoute(app, endpoints.x, 'tag'), handler })`; Fastify's TypeBox provider
 * types the handler's request from the schema.
 */
export function defineRoute<E extends Endpoint>(app: FastifyInstance, endpoint: E, tag: string) {
  const guards: Record<Endpoint['auth'], Guard | undefined> = {
    none: undefined,
    member: app.requireMember,
    admin: app.requireAdmin,
    'signed-in': app.requireSignedIn,
  };
  const guard = guards[endpoint.auth];
  const check = accessHook(app, endpoint);
  // An answer to a signed-in call is personal data: no shared cache and no browser cache may keep
  // it (issue 33). A route that revalidates with an ETag sets its own `private, no-cache` later.
  const onRequest = guard
    ? async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', PERSONAL);
        await guard(request);
      }
    : undefined;
  return {
    method: endpoint.method,
    url: endpoint.url,
    schema: schemaOf(endpoint, tag),
    ...(onRequest ? { onRequest } : {}),
    ...(check ? { preHandler: check } : {}),
  };
}

/** The app with the TypeBox type provider, as every feature's routes plugin starts. */
export const typed = (fastify: FastifyInstance) => fastify.withTypeProvider<TypeBoxTypeProvider>();
