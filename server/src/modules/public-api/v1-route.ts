import { ErrorBody, type Endpoint } from '@rotalink/shared-api/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';

/** Documented on every POST of the public API; checked by idempotency.ts (a bad one is a 400 with its own code). */
const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      description:
        'Any unique string up to 255 characters (a UUID): a retry with the same key and body replays the first answer for 24 hours.',
      examples: ['3f1c2a9e-5b7d-4e8a-9c0f-1d2e3f4a5b6c'],
    }),
  ),
});

/**
 * A route of the public API (issue 31): the contract's method, URL, schemas, guard and access
 * check (defineRoute, like every spec call), under its OpenAPI tag; a POST also documents the
 * Idempotency-Key header and its 422.
 */
export function v1Route<E extends Endpoint>(app: FastifyInstance, endpoint: E, tag: string) {
  const route = defineRoute(app, endpoint, tag);
  if (endpoint.method !== 'POST') return route;
  return {
    ...route,
    schema: { ...route.schema, headers: IdempotencyHeaders, response: { ...route.schema.response, 422: ErrorBody } },
  };
}
