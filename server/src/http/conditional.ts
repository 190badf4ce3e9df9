import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GET for the reads a page polls (issue 15 "Live counts", decision 0067): the ETag
 * is a hash of what the answer depends on — the request and a change stamp the caller reads
 * (cheaply) from the database — so every API node gives the same ETag for the same data, and
 * an unchanged answer is a 304 without building it. `Cache-Control: private, no-cache`: a
 * browser or proxy may keep it but must ask again each time.
 *
 * Not @fastify/etag: it hashes the finished body, so the server would still build every answer
 * (the summary's aggregate reads) only to throw it away.
 */
export function etagOf(parts: ReadonlyArray<string | number>): string {
  return `"${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}"`;
}

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/**
 * RFC 9110 §13.1.2: If-None-Match uses the weak comparison (W/ ignored on either side); a list of
 * tags, or `*`. The one place the API compares them: the Stats and links reads here, the public
 * answer cache (modules/visitor/public-cache/cached-answer.ts).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const mine = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === mine);
}

/** Sets the ETag; true (and a 304 is due) when the client's If-None-Match already holds it. */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  return etagMatches(request.headers['if-none-match'], etag);
}

/**
 * The 304 itself, with no body at all (a 304 must not carry one). Takes any route's reply: a
 * route typed by its contract would only let it send the schema's `null`.
 */
export function sendNotModified(reply: object): FastifyReply {
  return (reply as FastifyReply).code(304).removeHeader('content-type').send();
}
