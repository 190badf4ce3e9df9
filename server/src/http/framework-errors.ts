import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_HEADERS } from './security-headers';

/**
 * Addresses a browser opens (not JSON calls) whose malformed form is a page of their own — the
 * rotator link's "not found" page (modules/rotator). Given by app.ts: http/ knows no feature (issue 27).
 */
export interface BrowserPages {
  matches: (url: string) => boolean;
  notFound: (reply: FastifyReply) => void;
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (an over-long :userId, a malformed URL)
 * get the same JSON error body as everywhere. They run before every hook, so the headers the
 * hooks give every other answer (security headers, CORS) are set here: a browser that gets no
 * Access-Control-Allow-Origin reports a network failure instead of the 400's text.
 */
export function frameworkErrors(o: { pages: BrowserPages; setCors: (request: FastifyRequest, reply: FastifyReply) => void }) {
  return (err: FastifyError, request: FastifyRequest, rawReply: unknown): void => {
    // The reply here is untyped by routes.
    const reply = rawReply as FastifyReply;
    // A rotator link is a browser URL: a malformed one is a link that does not exist, as a page.
    if (o.pages.matches(request.url)) return o.pages.notFound(reply);
    const text = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The id in the address is not valid.' : 'The address is not valid.';
    o.setCors(request, reply);
    void reply.code(400).headers(API_HEADERS).send({ error: text, message: text, code: 'invalid' });
  };
}
