import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { grantedProfileId } from '../../access/access-hook';
import { newId, nowIso } from '../../db/ids';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { defineRoute, typed } from '../../http/define-route';
import { auditWho, recordAudit } from '../audit';
import { apiKeyRowToApiKey, countLiveApiKeys, insertApiKey, listApiKeys, revokeApiKey } from './api-keys.repository';
import { hashSecret, newKeyText } from './key-text';

export const KEY_CREATED = 'API key created. Copy it now: it will not be shown again.';
export const KEY_REVOKED_MESSAGE = 'API key revoked';
export const KEY_NOT_FOUND = 'API key not found.';
export const EXPIRY_INVALID = 'expires_at must be a date-time in the future.';
/** Enough for every script a member runs; a cap keeps a leaked session from minting keys without end. */
export const MAX_LIVE_KEYS = 25;
export const KEY_LIMIT = `An account can have at most ${MAX_LIVE_KEYS} active API keys. Revoke one first.`;

/** /api/account/api-keys (issue 31): a member lists, creates and revokes the account's keys. */
export async function apiKeysRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);

  app.route({
    ...defineRoute(app, endpoints.listApiKeys, 'account'),
    handler: async (request) => ({ keys: (await listApiKeys(app.db, grantedProfileId(request))).map(apiKeyRowToApiKey) }),
  });

  app.route({
    ...defineRoute(app, endpoints.createApiKey, 'account'),
    handler: async (request, reply) => {
      const userId = grantedProfileId(request);
      const body = request.body;
      let expiresAt: string | null = null;
      if (body.expires_at) {
        const at = Date.parse(body.expires_at);
        if (!Number.isFinite(at) || at <= Date.now()) throw new BadRequest(EXPIRY_INVALID);
        expiresAt = new Date(at).toISOString();
      }
      if ((await countLiveApiKeys(app.db, userId)) >= MAX_LIVE_KEYS) throw new Conflict(KEY_LIMIT);
      const { prefix, secret, text } = newKeyText();
      const row = {
        id: newId(),
        user_id: userId,
        name: body.name.trim(),
        prefix,
        secret_hash: hashSecret(secret),
        scopes: [...body.scopes].sort().join(','),
        created_at: nowIso(),
        expires_at: expiresAt,
        last_used_at: null,
        revoked_at: null,
      };
      // Issue 33: the key and its audit row commit together (decision 0141).
      await app.db.transaction().execute(async (trx) => {
        await insertApiKey(trx, row);
        await recordAudit(trx, {
          action: 'member.api-key-created',
          ...auditWho(app.config.jwtSecret, request),
          targetId: userId,
          changes: { key: [null, `${row.prefix} ${row.name} (${row.scopes})`] },
        });
      });
      return reply.code(201).send({ message: KEY_CREATED, key: apiKeyRowToApiKey(row), secret: text });
    },
  });

  app.route({
    ...defineRoute(app, endpoints.revokeApiKey, 'account'),
    handler: async (request) => {
      const userId = grantedProfileId(request);
      const row = await app.db.transaction().execute(async (trx) => {
        const done = await revokeApiKey(trx, userId, request.params.keyId, nowIso());
        if (done.revoked && done.row) {
          const key = `${done.row.prefix} ${done.row.name}`;
          await recordAudit(trx, {
            action: 'member.api-key-revoked',
            ...auditWho(app.config.jwtSecret, request),
            targetId: userId,
            changes: { key: [key, null] },
          });
        }
        return done.row;
      });
      if (!row) throw new NotFound(KEY_NOT_FOUND);
      return { message: KEY_REVOKED_MESSAGE, key: apiKeyRowToApiKey(row) };
    },
  });
}
