import type { AuthContext } from '../../auth/guards';
import type { DbOrTrx } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import { loadOwnedProfile, USER_NOT_FOUND } from '../users';
import { findUserById, listSubProfiles } from '../users';
import type { UserRow } from '../users';

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

/**
 * The profiles of GET /api/stats/profiles: the one `userId` names — by default the signed-in
 * account itself; the admin, who has no profile, must name one — then its sub-profiles, oldest
 * first. The same checks and texts as every stats call (loadStatsProfile).
 */
export async function loadStatsProfileSet(db: DbOrTrx, auth: AuthContext, userId: string | undefined): Promise<string[]> {
  if (userId === undefined && auth.kind === 'admin') throw new BadRequest("user_id is required with the admin's token.");
  const root = await loadStatsProfile(db, auth, userId ?? auth.userId);
  const subs = await listSubProfiles(db, root.id);
  return [root.id, ...subs.map((s) => s.id)];
}
