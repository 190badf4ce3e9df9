import type { Db, DbOrTrx } from '../../db/database';
import { nowIso } from '../../db/ids';
import { precompiled } from '../../db/precompiled';
import type { NewUserRow, UserRow, UserUpdate } from './users.table';

/** Emails are compared and stored lower-cased and trimmed, so 'A@x.com' and 'a@x.com' are one account. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function findUserById(db: DbOrTrx, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The visitor page's profile fields only (spec §7 publicProfile): a precompiled primary-key read. */
const aboutById = precompiled((db: Db, id: string) =>
  db.selectFrom('users').select(['title', 'slogan', 'about', 'first_name', 'last_name']).where('id', '=', id),
);

export async function findAboutById(db: Db, id: string) {
  return (await aboutById(db, id))[0];
}

export function findUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

/** Who a new account is; everything else starts empty (no plan, no texts, no revoked tokens). */
export type NewAccount = Pick<NewUserRow, 'id' | 'parent_id' | 'email' | 'password_hash' | 'first_name' | 'last_name' | 'phone'> &
  Partial<Pick<NewUserRow, 'email_pending_since'>>;

/**
 * Inserts a member (parent_id null) or a sub-profile. A sub-profile's own plan fields stay empty
 * too: it rides on its member's plan (DESIGN §6).
 */
export async function insertUser(db: DbOrTrx, account: NewAccount): Promise<void> {
  await db
    .insertInto('users')
    .values({
      email_pending_since: null,
      ...account,
      title: '',
      slogan: '',
      about: '',
      subscription_status: 'inactive',
      subscription_type: null,
      package_price_cents: null,
      package_joined_date: null,
      package_expiry_date: null,
      tokens_valid_after: null,
      created_at: nowIso(),
    })
    .execute();
}

/**
 * An address a sub-profile holds unconfirmed (issue 33) goes to whoever proves it theirs: a
 * sign-up, a confirmed email change. The sub-profile keeps no address; its confirmation links die.
 */
export async function releasePendingEmail(db: DbOrTrx, email: string): Promise<void> {
  const held = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normaliseEmail(email))
    .where('email_pending_since', 'is not', null)
    .executeTakeFirst();
  if (!held) return;
  await db.updateTable('users').set({ email: null, email_pending_since: null }).where('id', '=', held.id).execute();
  await db.updateTable('email_changes').set({ used_at: nowIso() }).where('user_id', '=', held.id).where('used_at', 'is', null).execute();
}

/** Returns whether a row was updated. */
export async function updateUser(db: DbOrTrx, id: string, changes: UserUpdate): Promise<boolean> {
  const res = await db.updateTable('users').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A member's sub-profiles, oldest first; a page of them when `limit`/`offset` are given. */
export function listSubProfiles(db: DbOrTrx, parentId: string, page: { limit?: number; offset?: number } = {}): Promise<UserRow[]> {
  let q = db.selectFrom('users').selectAll().where('parent_id', '=', parentId).orderBy('created_at').orderBy('id');
  if (page.limit !== undefined) q = q.limit(page.limit).offset(page.offset ?? 0);
  return q.execute();
}

export async function countSubProfiles(db: DbOrTrx, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', parentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteUser(db: DbOrTrx, id: string): Promise<boolean> {
  const res = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Sets a member's new password and ends every session issued before `now` — the member's and
 * their sub-profiles' (issue 11): whoever had the old password could have set a sub-profile's
 * password and signed in as it. Used by password reset and change-password.
 */
export async function setPasswordEndingSessions(db: DbOrTrx, userId: string, passwordHash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, tokens_valid_after: now }).where('id', '=', userId).execute();
  await db.updateTable('users').set({ tokens_valid_after: now }).where('parent_id', '=', userId).execute();
}
