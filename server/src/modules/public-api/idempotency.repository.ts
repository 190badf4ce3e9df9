import type { DbOrTrx } from '../../db/database';
import type { IdempotencyKeysTable } from './idempotency.table';

type Key = { accountId: string; key: string };

/** Takes the key for this request; false when another request holds it (answered or not). One INSERT decides, on either engine. */
export async function claimKey(db: DbOrTrx, k: Key & { fingerprint: string; now: string; expiresAt: string }): Promise<boolean> {
  const res = await db
    .insertInto('idempotency_keys')
    .values({
      account_id: k.accountId,
      idem_key: k.key,
      fingerprint: k.fingerprint,
      status_code: null,
      answer: null,
      created_at: k.now,
      expires_at: k.expiresAt,
    })
    .onConflict((oc) => oc.columns(['account_id', 'idem_key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findKey(db: DbOrTrx, k: Key): Promise<IdempotencyKeysTable | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('account_id', '=', k.accountId)
    .where('idem_key', '=', k.key)
    .executeTakeFirst();
}

/** The first request's answer, kept for the retries. */
export async function storeAnswer(db: DbOrTrx, k: Key & { statusCode: number; answer: string | null }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: k.statusCode, answer: k.answer })
    .where('account_id', '=', k.accountId)
    .where('idem_key', '=', k.key)
    .execute();
}

/** Lets go of a key whose request got no answer worth replaying (a 5xx, a 429): the next retry runs it again. */
export async function releaseKey(db: DbOrTrx, k: Key): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', k.accountId)
    .where('idem_key', '=', k.key)
    .where('status_code', 'is', null)
    .execute();
}

/** Deletes the key if it has expired (or, unanswered, was abandoned before `staleBefore`), so it can be taken again. */
export async function dropIfDone(db: DbOrTrx, k: Key & { now: string; staleBefore: string }): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', k.accountId)
    .where('idem_key', '=', k.key)
    .where((eb) => eb.or([eb('expires_at', '<=', k.now), eb.and([eb('status_code', 'is', null), eb('created_at', '<', k.staleBefore)])]))
    .execute();
}

/** The cleanup job: every key past its 24 hours. */
export async function deleteExpiredKeys(db: DbOrTrx, now: string): Promise<number> {
  const res = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows ?? 0);
}
