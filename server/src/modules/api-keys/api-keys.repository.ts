import type { ApiKey } from '@rotalink/shared-api/contract';
import type { ApiKeyScope } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../../db/database';
import type { ApiKeyRow, ApiKeysTable } from './api-keys.table';
import { keyLabel } from './key-text';

export const scopesOf = (row: Pick<ApiKeyRow, 'scopes'>): ApiKeyScope[] => row.scopes.split(',').filter(Boolean) as ApiKeyScope[];

/** A row as the account page sees it: never the hash. */
export function apiKeyRowToApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: keyLabel(row.prefix),
    scopes: scopesOf(row),
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
}

export async function insertApiKey(db: DbOrTrx, row: ApiKeysTable): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export function findApiKeyByPrefix(db: DbOrTrx, prefix: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst();
}

/** The account's keys, newest first (revoked ones too, marked). */
export function listApiKeys(db: DbOrTrx, userId: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
}

export function countLiveApiKeys(db: DbOrTrx, userId: string): Promise<number> {
  return db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/**
 * Revokes one of the account's keys (a second revoke keeps the first time): the row after, or
 * undefined, and whether this call revoked it (so only the first writes an audit row).
 */
export async function revokeApiKey(
  db: DbOrTrx,
  userId: string,
  id: string,
  now: string,
): Promise<{ row: ApiKeyRow | undefined; revoked: boolean }> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return { row, revoked: Number(result.numUpdatedRows) > 0 };
}

export async function touchApiKey(db: DbOrTrx, id: string, now: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}
