import type { DbOrTrx } from '../../db/database';
import type { UserRow } from '../users/users.table';
import type { AdminRow } from './admins.table';

export function findAdminByUsername(db: DbOrTrx, username: string): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
}

export type MemberWithCount = UserRow & { sub_profile_count: number };

/** Members (not sub-profiles), newest first, each with its number of sub-profiles. */
export async function listMembersWithCounts(db: DbOrTrx): Promise<MemberWithCount[]> {
  const rows = await db
    .selectFrom('users as u')
    .selectAll('u')
    .select((eb) =>
      eb
        .selectFrom('users as s')
        .select((e2) => e2.fn.countAll<number>().as('n'))
        .whereRef('s.parent_id', '=', 'u.id')
        .as('sub_profile_count'),
    )
    .where('u.parent_id', 'is', null)
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ ...r, sub_profile_count: Number(r.sub_profile_count ?? 0) }));
}
