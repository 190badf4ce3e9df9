import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { etagMatches } from '../../../http/conditional';
import type { AnswerKind, CachedAnswer, PublicAnswerCache } from './answer-cache';

/**
 * The public reads through the cache (issue 12): a hit is answered from the route's onRequest
 * hook — after the global hooks (security headers, CORS, rate limits), before validation, the
 * handler and serialisation, none of which a stored answer needs: only an id that passed them
 * once is ever a key. A miss runs the route as usual and stores what it sent.
 *
 * Both carry an ETag and `Cache-Control: no-cache` (a browser may keep the answer but must ask
 * again each time), and a matching If-None-Match (http/conditional.ts) is answered 304 without a
 * body. Not @fastify/etag, which would hash every answer again on every request: the cache
 * already holds each answer's ETag.
 */
function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

const profileIdOf = (request: FastifyRequest): string | undefined => {
  const id = (request.query as { user_id?: unknown }).user_id;
  return typeof id === 'string' ? id : undefined;
};

/** onRequest: answer from the cache when it holds this profile's answer. */
export function fromCache(cache: PublicAnswerCache, kind: AnswerKind): onRequestHookHandler {
  return (request, reply, done) => {
    const id = profileIdOf(request);
    const hit = id === undefined ? undefined : cache.get(kind, id);
    if (hit === undefined) return done();
    send(request, reply, hit);
  };
}

/**
 * The handler's side: `load` reads the database (throwing a 404 for an unknown profile, which is
 * never stored); the answer is serialised once through the route's response schema, stored
 * unless a write raced the read (answer-cache.ts), and sent.
 */
export async function answerAndKeep(
  o: { cache: PublicAnswerCache; kind: AnswerKind; profileId: string; request: FastifyRequest; reply: FastifyReply },
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const stamp = o.cache.stamp();
  const value = await load();
  const answer = o.cache.store(o.kind, o.profileId, o.reply.serialize(value) as string, stamp);
  return send(o.request, o.reply, answer);
}
