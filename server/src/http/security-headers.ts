import helmet, { type HelmetOptions } from 'helmet';

/**
 * Headers for the JSON API, every response (OWASP REST Security Cheat Sheet, "Security headers"):
 * - CSP `default-src 'none'; frame-ancestors 'none'`: a response opened as a page loads nothing
 *   and cannot be framed (stricter than helmet's document default, and 60 bytes instead of 300);
 * - X-Frame-Options DENY (the same for older browsers), X-Content-Type-Options nosniff,
 *   HSTS, Referrer-Policy no-referrer, Cross-Origin-Resource-Policy same-origin.
 * Helmet's headers that only act on HTML documents or dead plug-ins are off here:
 * Cross-Origin-Opener-Policy and Origin-Agent-Cluster (browsing contexts), X-DNS-Prefetch-Control
 * (links in HTML), X-Download-Options (IE 8 downloads), X-Permitted-Cross-Domain-Policies
 * (Flash/Acrobat), X-XSS-Protection: 0 (the auditor it disables is gone from every browser).
 * Each costs bytes on every answer for nothing a JSON response can be used for. The HTML pages
 * the API serves (the local checkout) add them back: see `DOCUMENT_HEADERS`.
 */
const API_POLICY: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Runs helmet once against a recorder: helmet stays the source of truth for names and values. */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
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

export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze(computeSecurityHeaders(API_POLICY));

/**
 * Helmet's full document set, for the HTML pages the API serves; such a page sets its own
 * Content-Security-Policy, so helmet's default one is left out.
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  computeSecurityHeaders({ contentSecurityPolicy: false, xFrameOptions: { action: 'deny' } }),
);

/*
 * Every response (routes, 404s, errors, CORS preflights) carries API_HEADERS. @fastify/helmet
 * rebuilt helmet's middleware and re-parsed the CSP in two async hooks on every request (about
 * a third of a bare Fastify route's throughput); these values never change, so they are
 * computed at start and copied by the one global onRequest hook of http/cors.ts (its
 * `alwaysHeaders`, issue 27: one hook per request instead of two), before any route's own
 * hooks, so a route can still override one (reply.header wins).
 */
