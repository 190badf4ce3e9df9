import type { DbOrTrx } from '../../db/database';
import { forUpdate } from '../../db/dialect-sql';

export function findResettableUser(db: DbOrTrx, email: string) {
  // Only accounts that can sign in: a sub-profile without a password has no login to reset.
  return (
    db
      .selectFrom('users')
      .select(['id', 'email', 'first_name'])
      .where('email', '=', email)
      .where('password_hash', 'is not', null)
      // An address a sub-profile holds unconfirmed may be anyone's (issue 33): no reset link to it.
      .where('email_pending_since', 'is', null)
      .executeTakeFirst()
  );
}

export async function countRecentResets(db: DbOrTrx, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertReset(db: DbOrTrx, row: { tokenHash: string; userId: string; expiresAt: string; now: string }) {
  await db
    .insertInto('password_resets')
    .values({ token_hash: row.tokenHash, user_id: row.userId, expires_at: row.expiresAt, used_at: null, created_at: row.now })
    .execute();
}

/** Locked on PostgreSQL so two resets with one token cannot both pass the "unused" check. */
export function findResetForUpdate(trx: DbOrTrx, tokenHash: string) {
  return forUpdate(trx, trx.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash)).executeTakeFirst();
}

/** Uses up every open token of the user (the one just used and any other mailed earlier). */
export async function useAllResets(trx: DbOrTrx, userId: string, now: string): Promise<void> {
  await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** A token whose mail could not be sent is withdrawn (it would count against the hourly limit for nothing). */
export async function deleteReset(db: DbOrTrx, tokenHash: string): Promise<void> {
  await db.deleteFrom('password_resets').where('token_hash', '=', tokenHash).where('used_at', 'is', null).execute();
}
