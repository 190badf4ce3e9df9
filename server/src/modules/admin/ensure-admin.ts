import { hashPassword, verifyPassword } from '../../auth/password';
import type { Db } from '../../db/database';
import { newId, nowIso } from '../../db/ids';

/**
 * DESIGN §4: the admin account from ADMIN_USERNAME / ADMIN_PASSWORD is created or updated at
 * start. A changed password ends the admin's older sessions.
 */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('admins')
      .values({ id: newId(), username, password_hash: await hashPassword(password), tokens_valid_after: null, created_at: nowIso() })
      .execute();
    return 'created';
  }
  if (await verifyPassword(existing.password_hash, password)) return 'unchanged';
  await db
    .updateTable('admins')
    .set({ password_hash: await hashPassword(password), tokens_valid_after: nowIso() })
    .where('id', '=', existing.id)
    .execute();
  return 'updated';
}
