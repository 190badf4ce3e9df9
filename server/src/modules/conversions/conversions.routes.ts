import { endpoints, POSTBACK_PATH, POSTBACK_SIGNATURE_HEADER, PostbackOk, RECENT_CONVERSIONS } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest, Forbidden, TooMany } from '../../errors';
import { defineRoute, typed } from '../../http/define-route';
import type { RedisLink } from '../../plugins/redis-link';
import { ConversionLimits } from './conversion-limits';
import { changeConversionSettings, findConversionSettings, readConversionSettings, rotatePostbackKey } from './conversion-settings';
import { conversionRecorder } from './conversion-recorder';
import { recentConversions } from './conversions.repository';
import { formatMinor } from './money';
import { PIXEL_GIF, pixelProfileId } from './pixel';
import { credentialOf, isAuthentic } from './postback-auth';
import { fieldsOf, profileIdOf } from './postback-input';
import { grantedProfile } from '../../access/access-hook';

export const WRONG_KEY = 'Wrong postback key or signature.';
export const TOO_MANY_POSTBACKS = 'Too many postbacks for this profile and key; try again in a minute.';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The exact text a signature covers: the raw body of a POST, the raw query string of a GET. */
function signedText(request: FastifyRequest): string {
  const raw = (request as FastifyRequest & { rawText?: string }).rawText;
  if (request.method === 'POST') return raw ?? '';
  const q = request.url.indexOf('?');
  return q < 0 ? '' : request.url.slice(q + 1);
}

/**
 * Issue 30: conversions. The postback (server to server, GET or POST, the profile's key or an
 * HMAC signature), the pixel (a 1×1 GIF, always), the owner's settings, key rotation and recent
 * conversions. Registered as its own encapsulated plugin: its body parsers keep the raw text a
 * signature covers, and accept the form bodies networks send.
 */
export async function conversionsRoutes(fastify: FastifyInstance, opts: { redis?: RedisLink }): Promise<void> {
  const app = typed(fastify);
  const { apiPublicUrl } = app.config;
  const limits = new ConversionLimits(app.config.rateLimit, opts.redis, `${app.config.redisKeyPrefix}conv:`);

  const record = conversionRecorder(app, limits);

  async function postback(request: FastifyRequest, reply: FastifyReply) {
    const f = fieldsOf(request.query, request.body);
    const profileId = profileIdOf(f);
    const given = {
      key: typeof f.key === 'string' ? f.key : undefined,
      signature: header(request, POSTBACK_SIGNATURE_HEADER),
      signed: signedText(request),
    };
    if (!(await limits.postback(profileId, credentialOf(given)))) throw new TooMany(TOO_MANY_POSTBACKS);
    const settings = await findConversionSettings(app.db, profileId);
    // An unknown profile and a wrong key look the same: nothing tells which profiles exist.
    if (!settings || !isAuthentic(settings.postback_key, given)) throw new Forbidden(WRONG_KEY);
    const done = await record(profileId, f, 'postback');
    return reply.code(done.statusCode).send(done.answer);
  }

  // The postback in a plugin of its own: its body parsers keep the raw text a signature covers
  // and read the form bodies networks send, without changing how the other routes read JSON.
  await fastify.register(async (child) => {
    child.removeContentTypeParser('application/json');
    const keepRaw =
      (parse: (text: string) => unknown) => (request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => {
        (request as FastifyRequest & { rawText?: string }).rawText = body;
        try {
          done(null, body === '' ? {} : parse(body));
        } catch {
          done(new BadRequest('The body is not valid JSON.'));
        }
      };
    child.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, keepRaw(JSON.parse));
    child.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      keepRaw((text) => Object.fromEntries(new URLSearchParams(text))),
    );

    const postbackSchema = (method: string) => ({
      tags: ['conversions'],
      summary: `Postback (${method}): profile_id, key (or the ${POSTBACK_SIGNATURE_HEADER} header), click_id, txid, amount, currency, status`,
      response: { 200: PostbackOk, 201: PostbackOk, 202: PostbackOk },
    });
    child.route({ method: 'GET', url: POSTBACK_PATH, schema: postbackSchema('GET'), handler: postback });
    child.route({ method: 'POST', url: POSTBACK_PATH, schema: postbackSchema('POST'), handler: postback });
  });

  // The pixel answers the same GIF whatever happened: a thank-you page learns nothing from it.
  app.route<{ Params: { file: string } }>({
    method: 'GET',
    url: '/px/:file',
    config: { rateLimit: false },
    schema: {
      tags: ['conversions'],
      summary: 'Conversion pixel: /px/{profileId}.gif?click_id=…[&txid=&amount=&currency=]; always a 1×1 GIF',
      hide: false,
    },
    handler: async (request, reply) => {
      const profileId = pixelProfileId(request.params.file);
      const f = fieldsOf(request.query, undefined);
      try {
        if (profileId && (await limits.postback(profileId, 'pixel')) && (await findConversionSettings(app.db, profileId))) {
          // One pixel conversion per click unless the page names its transaction.
          await record(profileId, f, 'pixel', { defaultTxid: (clickId) => (clickId ? `click:${clickId}` : undefined) });
        }
      } catch (err) {
        request.log.debug({ err }, 'pixel not recorded');
      }
      return reply
        .code(200)
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store, max-age=0')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(PIXEL_GIF);
    },
  });

  app.route({
    ...defineRoute(app, endpoints.getConversionSettings, 'conversions'),
    handler: (request) => readConversionSettings({ db: app.db, profile: grantedProfile(request), apiPublicUrl }),
  });
  app.route({
    ...defineRoute(app, endpoints.updateConversionSettings, 'conversions'),
    handler: (request) => changeConversionSettings({ db: app.db, profile: grantedProfile(request), body: request.body, apiPublicUrl }),
  });
  app.route({
    ...defineRoute(app, endpoints.rotatePostbackKey, 'conversions'),
    handler: (request) => rotatePostbackKey({ db: app.db, profile: grantedProfile(request), apiPublicUrl }),
  });
  app.route({
    ...defineRoute(app, endpoints.getRecentConversions, 'conversions'),
    handler: async (request) => {
      const profile = grantedProfile(request);
      const rows = await recentConversions(app.db, profile.id, RECENT_CONVERSIONS);
      return {
        user_id: profile.id,
        conversions: rows.map((r) => ({
          id: r.id,
          created_at: r.created_at,
          txid: r.txid,
          via: r.via,
          amount: formatMinor(Number(r.amount_minor), r.currency),
          currency: r.currency,
          status: r.refunded_at ? ('refunded' as const) : ('approved' as const),
          attributed: Number(r.attributed) !== 0,
          click_id: r.click_id,
          link_id: r.link_id,
          link_name: r.link_name ?? null,
        })),
      };
    },
  });
}
