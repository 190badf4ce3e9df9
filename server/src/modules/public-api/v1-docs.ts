import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { V1_PREFIX } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';

/** The v1 document's own decorator: the app's `swagger` (GET /docs/json) documents every route; this one only /api/v1. */
const DECORATOR = 'v1Swagger';
type Documented = FastifyInstance & { [DECORATOR]: () => Record<string, unknown> };

const DESCRIPTION = `Rotalink's public REST API for scripts and integrations.

Authenticate with an API key made on the account page (Account → API keys): \`Authorization: Bearer rlk_<prefix>_<secret>\`.
A key acts for its account's profiles (the member and its sub-profiles) within its scopes: \`links:read\`, \`links:write\`,
\`stats:read\`, \`rotator:write\`, \`conversions:write\`. A member's sign-in token works too.

Errors are \`{ "error": text, "message": text, "code": stable-code }\`: switch on \`code\` (\`scope-missing\`, \`api-key-revoked\`,
\`cursor-invalid\`, \`idempotency-key-reused\`…). Lists are paged: pass the answer's \`next_cursor\` as \`cursor\` until it is null.
POSTs accept an \`Idempotency-Key\` header: a retry with the same key and body gets the first answer again (24 hours).`;

/**
 * Issue 31: the v1 OpenAPI 3.1 document, made by @fastify/swagger from the routes' TypeBox
 * schemas as they are registered in this scope (so it holds only /api/v1), served as JSON at
 * /api/v1/openapi.json and as a page by @fastify/swagger-ui at /api/v1/docs. Register before the
 * v1 routes: it collects them as they are added.
 */
export async function v1Docs(fastify: FastifyInstance): Promise<void> {
  await fastify.register(swagger, {
    decorator: DECORATOR,
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Rotalink API v1', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: fastify.config.apiPublicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'rlk_<prefix>_<secret>',
            description: 'An API key (rlk_…) from the account page, or a member sign-in token.',
          },
        },
      },
      tags: [
        { name: 'Profiles', description: 'The account’s profiles' },
        { name: 'Links', description: 'A profile’s link queue' },
        { name: 'Rotator', description: 'The rotator link and its settings' },
        { name: 'Stats', description: 'Clicks and conversions, from roll-ups' },
        { name: 'Conversions', description: 'Sales recorded by scripts' },
      ],
    },
  });
  const document = () => (fastify as Documented)[DECORATOR]();

  fastify.get(`${V1_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => document());

  await fastify.register(swaggerUi, {
    routePrefix: `${V1_PREFIX}/docs`,
    // The page reads the v1 document, not the app's whole one.
    transformSpecification: () => document(),
    transformSpecificationClone: false,
    // Its own CSP (hashes of its inline script): the API's `default-src 'none'` would blank the page.
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
  });
}
