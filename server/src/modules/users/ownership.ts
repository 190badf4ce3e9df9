import type { AuthContext } from '../../auth/guards';
import type { DbOrTrx } from '../../db/database';
import { Forbidden, NotFound } from '../../errors';
import { findUserById } from './users.repository';
import type { UserRow } from './users.table';

export const USER_NOT_FOUND = 'User not found.';
export const NOT_YOUR_PROFILE = 'You can only manage your own profile and sub-profiles.';

/**
 * DESIGN §6 ownership: a member may act on their own profile and their own sub-profiles (a
 * sub-profile that signed in, only on itself). Unknown id → 404, someone else's → 403.
 */
export async function loadOwnedProfile(db: DbOrTrx, auth: AuthContext, userId: string): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row) throw new NotFound(USER_NOT_FOUND);
  if (row.id !== auth.userId && row.parent_id !== auth.userId) throw new Forbidden(NOT_YOUR_PROFILE);
  return row;
}

/** Whether the caller (if signed in) may manage this profile: the public calls that show the owner more (issue 16). */
export async function ownsProfile(db: DbOrTrx, auth: AuthContext | null, userId: string): Promise<boolean> {
  if (!auth || auth.kind !== 'member') return false;
  if (auth.userId === userId) return true;
  const row = await findUserById(db, userId);
  return row?.parent_id === auth.userId;
}
