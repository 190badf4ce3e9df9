import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The policy for an API that answers JSON (OWASP REST Security: `default-src 'none';
 * frame-ancestors 'none'`): nothing a response could load or be framed by. Stricter than
 * helmet's default document policy, which allows same-origin scripts, styles and images, and
 * 60 bytes instead of 300. An HTML route that needs more sets its own (payment/checkout.routes.ts).
 */
const API_POLICY: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xFrameOptions: { action: 'deny' },
};

/**
 * Helmet's headers, computed ONCE. @fastify/helmet rebuilds helmet's middleware (and re-parses
 * the CSP) in two async hooks on every request, which cost about a third of a bare Fastify
 * route's throughput; the values never change, so we run helmet once against a recorder and
 * copy the result onto each reply. Helmet stays the source of truth for names and values.
 */
export function computeSecurityHeaders(options: HelmetOptions = API_POLICY): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  // helmet's middleware is synchronous unless an option is a function (we pass none).
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously; security headers would be missing');
  return headers;
}

/**
 * Every response (routes, 404s, errors, CORS preflights) carries the headers: one synchronous
 * onRequest hook, registered first, so a route can still override one (reply.header wins).
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    const headers = computeSecurityHeaders();
    app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
