import type { DbOrTrx } from '../../db/database';
import { forUpdate } from '../../db/dialect-sql';
import type { EmailChangeRow } from './email-changes.table';

export async function countRecentEmailChanges(db: DbOrTrx, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('email_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEmailChange(
  db: DbOrTrx,
  row: { tokenHash: string; userId: string; newEmail: string; expiresAt: string; now: string },
): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      new_email: row.newEmail,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: row.now,
    })
    .execute();
}

/** Locked on PostgreSQL so two openings of one link cannot both pass the "unused" check. */
export function findEmailChangeForUpdate(trx: DbOrTrx, tokenHash: string): Promise<EmailChangeRow | undefined> {
  return forUpdate(trx, trx.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash)).executeTakeFirst();
}

/** Voids every open change of the user: a new request replaces the older links, a confirmed one ends them. */
export async function useAllEmailChanges(db: DbOrTrx, userId: string, now: string): Promise<void> {
  await db.updateTable('email_changes').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
