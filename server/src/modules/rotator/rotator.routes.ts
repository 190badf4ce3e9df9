import { endpoints, Id, ROTATOR_PATH } from '@rotalink/shared-api/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, prepareUnavailable } from '../../errors';
import { grantedProfileId } from '../../access/access-hook';
import { defineRoute, typed } from '../../http/define-route';
import { clickRateLimit } from '../../plugins/rate-limits';
import { describeVisit, previewRotator } from '../traffic';
import { hostOf } from '../domains';
import { findUserById } from '../users';
import { handleBehindIdShape, profileForSegment } from '../handles';
import {
  neutralNotFoundPage,
  ROTATOR_PREFIX,
  rotatorBusyPage,
  rotatorErrorPage,
  rotatorNotFoundPage,
  sendRotatorPage,
} from './rotator-page';
import { changeRotatorSettings, readRotatorSettings, SETTINGS_SAVED } from './rotator-settings';

const ID = new RegExp(Id.pattern as string);
/** Spillover's first-party cookie: the link this browser's previous visit of this rotator got. */
export const SPILLOVER_COOKIE = 'rl_sp';
const SPILLOVER_MAX_AGE = 30 * 24 * 3600;

/**
 * `new URL(url).href` of the redirects' targets, remembered (issue 27): a rotator's visitors go
 * to a handful of links, and parsing the URL again on every redirect was ~1 µs of its CPU. A
 * target that carries a click id (a macro, issue 30) is new each time and just passes through.
 * Bounded; emptied when full.
 */
const HREFS_MAX = 2000;
const hrefs = new Map<string, string>();
function locationOf(url: string): string {
  let href = hrefs.get(url);
  if (href === undefined) {
    href = new URL(url).href;
    if (hrefs.size >= HREFS_MAX) hrefs.clear();
    hrefs.set(url, href);
  }
  return href;
}

function cookieLastLink(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SPILLOVER_COOKIE && value && ID.test(value) && value.length <= 64) return value;
  }
  return null;
}

/** The rotator link (issue 14) and its settings API. */
export async function rotatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { apiPublicUrl, publicSiteUrl } = app.config;
  const home = `${publicSiteUrl}/`;
  const secure = apiPublicUrl.startsWith('https:');
  const pageUrl = (userId: string) => `${publicSiteUrl}/profile?userId=${encodeURIComponent(userId)}`;

  // A redirect: the browser (or a preview fetcher) goes straight on. `new URL().href` percent-encodes
  // what a header may not carry (non-ASCII paths) and punycodes the host.
  const redirect = (reply: FastifyReply, url: string) =>
    reply.code(302).header('location', locationOf(url)).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send();

  const rotatorErrors = (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (prepareUnavailable(err, request, reply)) return sendRotatorPage(reply, 503, rotatorErrorPage(home));
    const status = err instanceof HttpError ? err.statusCode : (err.statusCode ?? 500);
    if (status === 429) return sendRotatorPage(reply, 429, rotatorBusyPage(home));
    if (status >= 400 && status < 500) return sendRotatorPage(reply, 404, rotatorNotFoundPage(home));
    request.log.error({ err }, 'unexpected error');
    return sendRotatorPage(reply, 500, rotatorErrorPage(home));
  };

  app.route<{ Params: { userId: string } }>({
    method: ['GET', 'HEAD'],
    url: ROTATOR_PATH,
    // The hot path: its answer is always below the compression threshold (http/compression.ts).
    config: { ...clickRateLimit(app.config.rateLimit.clicksPerMin), compress: false },
    schema: {
      tags: ['rotator'],
      summary: 'The rotator link: 302 to the link whose turn it is (HEAD: the same redirect, nothing recorded)',
      params: { type: 'object', properties: { userId: { type: 'string' } }, required: ['userId'] },
      response: {
        302: { description: 'Location: the destination; Cache-Control: no-store', type: 'null' },
        404: { description: 'Unknown profile: a small HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
      },
    },
    // A browser URL: its errors are pages too, never the JSON error body. A refused address (a
    // control character, a malformed id) is a link that does not exist; the database away is a
    // 503 to retry, like every other call (errors.ts), never a 500.
    errorHandler: rotatorErrors,
    handler: async (request, reply) => {
      const segment = request.params.userId;
      if (!ID.test(segment)) return sendRotatorPage(reply, 404, rotatorNotFoundPage(home));
      // Issue 32: /r/{handle} is resolved to the profile here, before the click path; an old
      // handle redirects to the current address (a click counts once, there).
      const target = await profileForSegment(app.db, segment);
      if (target.moved)
        return redirect(reply, `${apiPublicUrl}${ROTATOR_PREFIX}${encodeURIComponent(target.moved.handle ?? target.userId)}`);
      return serveRotator(request, reply, target.userId, `${ROTATOR_PREFIX}${encodeURIComponent(segment)}`, segment);
    },
  });

  /**
   * No link to send the visitor to. When no profile has that id, the segment may still be a
   * 22-character handle typed with capitals (id-shaped, so never looked up as a handle on the way
   * in): it moves to the handle's own address, where the click counts once.
   */
  async function notFound(reply: FastifyReply, segment?: string) {
    if (segment && !(await findUserById(app.db, segment))) {
      const handle = await handleBehindIdShape(app.db, segment, new Date());
      if (handle) return redirect(reply, `${apiPublicUrl}${ROTATOR_PREFIX}${encodeURIComponent(handle)}`);
    }
    return sendRotatorPage(reply, 404, rotatorNotFoundPage(home));
  }

  /** The rotator for one profile; `cookiePath` is the address the visitor used (spillover's cookie stays on it). */
  async function serveRotator(request: FastifyRequest, reply: FastifyReply, userId: string, cookiePath: string, segment?: string) {
    const cookie = cookieLastLink(request);
    if (request.method === 'HEAD') {
      const url = await previewRotator(app.db, { userId, cookieLastLink: cookie, pageUrl: pageUrl(userId) });
      return url ? redirect(reply, url) : notFound(reply, segment);
    }
    const visit = await describeVisit(app.visitors, request);
    const now = new Date();
    const dest = await app.ledger.rotatorVisit({ userId, visit, cookieLastLink: cookie, now, pageUrl: pageUrl(userId) });
    if (!dest) return notFound(reply, segment);
    if (dest.mode === 'spillover' && dest.linkId && !visit.bot) {
      // Set only where it is needed: spillover walks each person through the queue.
      reply.header(
        'set-cookie',
        `${SPILLOVER_COOKIE}=${dest.linkId}; Path=${cookiePath}; Max-Age=${SPILLOVER_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
    }
    return redirect(reply, dest.url);
  }

  // Issue 32: on a verified custom domain (routed here by the proxy with its Host header), `/go` and
  // `/r` are the rotator of the profile the domain serves; any other host gets a neutral 404 page.
  for (const url of ['/go', '/r']) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      config: { ...clickRateLimit(app.config.rateLimit.clicksPerMin), compress: false },
      schema: { hide: true },
      errorHandler: rotatorErrors,
      handler: async (request, reply) => {
        const userId = await app.customHosts.userFor(hostOf(request.hostname));
        if (!userId) return sendRotatorPage(reply, 404, neutralNotFoundPage());
        return serveRotator(request, reply, userId, url);
      },
    });
  }

  // Any other address under /r/ (a trailing slash, a second segment) is a link that does not exist.
  await fastify.register(
    async (scope) => scope.setNotFoundHandler((_request, reply) => sendRotatorPage(reply, 404, rotatorNotFoundPage(home))),
    {
      prefix: ROTATOR_PREFIX.slice(0, -1),
    },
  );

  app.route({
    ...defineRoute(app, endpoints.getRotatorSettings, 'links'),
    handler: async (request) => readRotatorSettings({ db: app.db, userId: grantedProfileId(request), apiPublicUrl }),
  });

  app.route({
    ...defineRoute(app, endpoints.updateRotatorSettings, 'links'),
    handler: async (request) => ({
      message: SETTINGS_SAVED,
      settings: await changeRotatorSettings({ db: app.db, userId: grantedProfileId(request), body: request.body, apiPublicUrl }),
    }),
  });
}
