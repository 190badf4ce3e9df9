import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../access/principal';
import type { KeyResolver } from '../../auth/guards';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import { TooMany, Unauthorized } from '../../errors';
import type { RedisLink } from '../../plugins/redis-link';
import { WindowCounter, redisHit } from '../../plugins/window-counter';
import { findApiKeyByPrefix, scopesOf, touchApiKey } from './api-keys.repository';
import { parseKeyText, secretMatches } from './key-text';

export const KEY_INVALID = 'This API key is not valid.';
export const KEY_REVOKED = 'This API key was revoked.';
export const KEY_EXPIRED = 'This API key has expired.';

/** last_used_at is written at most this often per key: a busy script must not turn every read into a write. */
const TOUCH_EVERY_MS = 60_000;

export interface KeyResolverOptions {
  db: Db;
  /** Calls per key per minute (RATE_LIMIT_API_KEY_PER_MIN); 0 = off. */
  perMinute: number;
  redis?: RedisLink;
  redisPrefix: string;
}

/**
 * Issue 31: a bearer value shaped like a key → its principal. Malformed or unknown → 401
 * api-key-invalid, revoked → api-key-revoked, past its expiry → api-key-expired. Each key has
 * its own budget of calls per minute, in Redis when configured (shared by the nodes), else (and
 * while Redis is away) in this process. The secret is never logged: request lines carry no
 * headers (http/request-log.ts) and no refusal names the key (api-keys.logs.test.ts checks it).
 */
export function createKeyResolver(o: KeyResolverOptions): KeyResolver {
  const local = new WindowCounter();
  const touched = new Map<string, number>();
  return async (text: string, request: FastifyRequest): Promise<Principal> => {
    const parsed = parseKeyText(text);
    if (!parsed) throw new Unauthorized(KEY_INVALID, 'api-key-invalid');
    const row = await findApiKeyByPrefix(o.db, parsed.prefix);
    if (!row || !secretMatches(parsed.secret, row.secret_hash)) throw new Unauthorized(KEY_INVALID, 'api-key-invalid');
    if (row.revoked_at) throw new Unauthorized(KEY_REVOKED, 'api-key-revoked');
    const now = Date.now();
    if (row.expires_at && Date.parse(row.expires_at) <= now) throw new Unauthorized(KEY_EXPIRED, 'api-key-expired');
    if (o.perMinute > 0) {
      const key = `api-key|${row.id}`;
      const localHit = local.hit(key, 60_000);
      const shared = o.redis && (await o.redis.attempt((c) => redisHit(c, o.redisPrefix + key, 60_000)));
      const hit = shared && shared.ok ? shared.value : localHit;
      if (hit.current > o.perMinute)
        throw new TooMany(`Too many requests for this API key, please try again in ${Math.ceil(hit.ttl / 1000)} seconds.`);
    }
    if ((touched.get(row.id) ?? 0) + TOUCH_EVERY_MS <= now) {
      touched.set(row.id, now);
      if (touched.size > 10_000) touched.clear();
      // Best effort: a failed stamp must not fail the call it describes.
      await touchApiKey(o.db, row.id, nowIso()).catch((err: unknown) => request.log.warn({ err }, 'api key last-used time not saved'));
    }
    return { kind: 'api-key', keyId: row.id, userId: row.user_id, scopes: scopesOf(row) };
  };
}
