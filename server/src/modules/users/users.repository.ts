import type { DbOrTrx } from '../../db/database';
import type { NewUserRow, UserRow, UserUpdate } from './users.table';

/** Emails are compared and stored lower-cased and trimmed, so 'A@x.com' and 'a@x.com' are one account. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function findUserById(db: DbOrTrx, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function insertUser(db: DbOrTrx, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** Returns whether a row was updated. */
export async function updateUser(db: DbOrTrx, id: string, changes: UserUpdate): Promise<boolean> {
  const res = await db.updateTable('users').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function listSubProfiles(db: DbOrTrx, parentId: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('parent_id', '=', parentId).orderBy('created_at').orderBy('id').execute();
}

export async function deleteUser(db: DbOrTrx, id: string): Promise<boolean> {
  const res = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
