import { hashPassword, verifyPassword } from '../../auth/password';
import type { Db } from '../../db/database';
import { newId, nowIso } from '../../db/ids';

const findAdmin = (db: Db, username: string) => db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();

/**
 * DESIGN §4: the admin account from ADMIN_USERNAME / ADMIN_PASSWORD is created or updated at
 * start. A changed password ends the admin's older sessions. Several nodes may start at once on
 * one database (issue 28): the first insert wins and the others find its row, instead of one
 * node dying on the unique username.
 */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<'created' | 'updated' | 'unchanged'> {
  let existing = await findAdmin(db, username);
  if (!existing) {
    const inserted = await db
      .insertInto('admins')
      .values({ id: newId(), username, password_hash: await hashPassword(password), tokens_valid_after: null, created_at: nowIso() })
      .onConflict((oc) => oc.column('username').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return 'created';
    existing = await findAdmin(db, username);
    if (!existing) throw new Error(`the admin account ${username} was neither created nor found`);
  }
  if (await verifyPassword(existing.password_hash, password)) return 'unchanged';
  await db
    .updateTable('admins')
    .set({ password_hash: await hashPassword(password), tokens_valid_after: nowIso() })
    .where('id', '=', existing.id)
    .execute();
  return 'updated';
}
