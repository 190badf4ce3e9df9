import type { AuthContext } from '../../auth/guards';
import type { DbOrTrx } from '../../db/database';
import { NotFound } from '../../errors';
import { loadOwnedProfile, USER_NOT_FOUND } from '../users/ownership';
import { findUserById } from '../users/users.repository';
import type { UserRow } from '../users/users.table';

/**
 * Who may read a profile's stats (issue 15): its owner (the member, or the member of a
 * sub-profile; a signed-in sub-profile only itself) or the admin. Unknown → 404, another member's → 403.
 */
export async function loadStatsProfile(db: DbOrTrx, auth: AuthContext, userId: string): Promise<UserRow> {
  if (auth.kind !== 'admin') return loadOwnedProfile(db, auth, userId);
  const row = await findUserById(db, userId);
  if (!row) throw new NotFound(USER_NOT_FOUND);
  return row;
}
