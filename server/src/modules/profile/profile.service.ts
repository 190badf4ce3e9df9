import type { UpdateProfileBody } from '@rotalink/shared-api/contract';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import { findUserById, updateUser } from '../users';
import type { UserRow } from '../users';

export async function loadSelf(db: Db, userId: string): Promise<UserRow> {
  const row = await findUserById(db, userId);
  // The guard checked the user exists; it can vanish between (admin delete) — answer as for a stale session.
  if (!row) throw new NotFound('User not found.');
  return row;
}

/**
 * The caller's profile with the plan that counts for them (DESIGN §6): a sub-profile signed in on
 * its own shows its member's plan, since that is the plan its links are added under — its own
 * row never holds one. Everything else (names, texts, email) stays the caller's own.
 */
export async function loadProfileWithPlan(db: Db, userId: string): Promise<UserRow> {
  const row = await loadSelf(db, userId);
  if (!row.parent_id) return row;
  const member = await findUserById(db, row.parent_id);
  if (!member) return row;
  const { subscription_status, subscription_type, package_price_cents, package_joined_date, package_expiry_date } = member;
  return { ...row, subscription_status, subscription_type, package_price_cents, package_joined_date, package_expiry_date };
}

export async function updateOwnProfile(db: Db, userId: string, body: UpdateProfileBody): Promise<void> {
  const changes = {
    first_name: body.first_name.trim(),
    last_name: body.last_name.trim(),
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.slogan !== undefined ? { slogan: body.slogan } : {}),
    ...(body.about !== undefined ? { about: body.about } : {}),
  };
  if (!(await updateUser(db, userId, changes))) throw new NotFound('User not found.');
}
