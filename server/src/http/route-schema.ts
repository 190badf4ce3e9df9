import { errorResponses, type Endpoint } from '@rotalink/shared-api/contract';

type SchemaParts<E extends Endpoint> = Omit<E, 'method' | 'url' | 'auth' | 'response' | 'access'> & {
  response: E['response'] & typeof errorResponses;
  tags: string[];
  security?: Array<Record<string, string[]>>;
};

/**
 * A route's schema straight from the contract's `endpoints` table (CONVENTIONS 6): the same
 * TypeBox objects validate the request, serialise the answer (unknown fields never leak) and
 * feed OpenAPI.
 */
export function schemaOf<E extends Endpoint>(endpoint: E, tag: string): SchemaParts<E> {
  const { method: _m, url: _u, auth, response, access: _a, ...parts } = endpoint;
  return {
    ...(parts as Omit<E, 'method' | 'url' | 'auth' | 'response' | 'access'>),
    response: { ...response, ...errorResponses } as E['response'] & typeof errorResponses,
    tags: [tag],
    ...(auth === 'none' ? {} : { security: [{ bearer: [] }] }),
  };
}
