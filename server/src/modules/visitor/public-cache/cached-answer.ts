import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD } from '../../../http/compression';
import { etagMatches } from '../../../http/conditional';
import type { AnswerKind, AnswerEncoding, CachedAnswer, PublicAnswerCache } from './answer-cache';

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
 *
 * Compression (decision 0076): these two routes opt out of @fastify/compress, whose hooks cost
 * 3.2 µs of the 20 µs a cached read costs even when nothing is compressed, and which would
 * compress the same answer again for every browser. An answer of COMPRESS_THRESHOLD bytes or
 * more is compressed once, the first time a client accepts brotli or gzip (the plugin's quality
 * and its negotiation library, @fastify/accept-negotiator), and that copy is kept with the answer.
 */
const ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
// As @fastify/compress: "*" (no preference) and the x-gzip alias both mean gzip.
const GZIP_ALIASES = /\*|x-gzip/g;

function encodingFor(request: FastifyRequest): AnswerEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(GZIP_ALIASES, 'gzip'), ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

function encoded(answer: CachedAnswer, encoding: AnswerEncoding): Buffer {
  const copies = (answer.encoded ??= {});
  return (copies[encoding] ??= encoding === 'br' ? brotliCompressSync(answer.body, BROTLI) : gzipSync(answer.body));
}

function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  const compressible = answer.bytes >= COMPRESS_THRESHOLD;
  if (compressible) {
    // Caches must keep the plain and the compressed forms apart (CORS may have said Origin already).
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  }
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = compressible ? encodingFor(request) : undefined;
  if (encoding === undefined) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(encoded(answer, encoding));
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
