import type { Db, DbOrTrx } from '../../db/database';
import type { UserRow } from './users.table';
import { forUpdate } from '../../db/dialect-sql';
import { retryConflicts } from '../../db/retry';
import { deleteUser } from './users.repository';

/**
 * Deleting an account (an admin's userdelete, a member's deletesubprofile). DESIGN §6: deleting a
 * user deletes their sub-profiles and links (ON DELETE CASCADE) — in one
 * transaction that first locks what the cascade will delete, in the order every other writer uses
 * (issue 11: a delete during clicks on PostgreSQL deadlocked and answered 500):
 *
 * 1. the account row, then its sub-profiles' rows in id order;
 * 2. every link of the account and its sub-profiles in id order — the order a click batch locks
 *    links in (db/group-commit.ts), so the delete and the clicks cannot wait on each other in a cycle;
 * 3. the DELETE, whose cascade then finds those rows already held.
 *
 * A click waiting for a locked link goes on after the COMMIT and finds it gone (404). Any other
 * deadlock (e.g. with a payment being completed for this user) is retried (db/retry.ts).
 * Resolves false when there was no such account (deleted meanwhile, or never).
 */
export function deleteAccount(
  db: Db,
  userId: string,
  /** Issue 33: what to write in the same transaction once the account is locked (its audit row). */
  alongside?: (trx: DbOrTrx, account: Pick<UserRow, 'id' | 'parent_id' | 'subscription_status'>) => Promise<void>,
): Promise<boolean> {
  return retryConflicts(() =>
    db.transaction().execute(async (trx) => {
      const user = await forUpdate(
        trx,
        trx.selectFrom('users').select(['id', 'parent_id', 'subscription_status']).where('id', '=', userId),
      ).executeTakeFirst();
      if (!user) return false;
      if (alongside) await alongside(trx, user);
      const subs = await forUpdate(trx, trx.selectFrom('users').select('id').where('parent_id', '=', userId).orderBy('id')).execute();
      const owners = [userId, ...subs.map((s) => s.id)];
      await forUpdate(trx, trx.selectFrom('links').select('id').where('user_id', 'in', owners).orderBy('id')).execute();
      return deleteUser(trx, userId);
    }),
  );
}
