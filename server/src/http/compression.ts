import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them saves less than it costs (issue 12). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * JSON answers above ~1 KB compressed by @fastify/compress (brotli or gzip, by Accept-Encoding,
 * with `Vary: Accept-Encoding`): a profile's 20 links are ~2.4 KB, an admin page of members much
 * more. Register before the routes. Two things it would do by default and we do not want:
 * - request bodies are never decompressed (our bodies are small JSON forms; an encoded one is
 *   a 400 like any unparsable body), so no route pays a preParsing hook for it;
 * - a route with `config: { compress: false }` gets no hook at all: the click and the rotator
 *   redirect, whose answers are always below the threshold (a few hundred bytes, or none).
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), decompress: false } as typeof route.config;
    });
    await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
