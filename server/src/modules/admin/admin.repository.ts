import type { Expression, SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { UserRow } from '../users';
import type { AdminRow } from './admins.table';

export function findAdminByUsername(db: DbOrTrx, username: string): Promise<AdminRow | undefined> {
  return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
}

export type MemberWithCount = UserRow & { sub_profile_count: number };

export interface MemberSlice {
  limit: number;
  offset: number;
  /** Only the members this condition keeps (over `u`, the users table). */
  where?: Expression<SqlBool>;
}

/**
 * Members (not sub-profiles), newest first, each with its number of sub-profiles: one slice of
 * the list. The order is migration 0007's `users_members_newest_idx`, so a slice is an index walk
 * that stops after its rows; the counts are one index lookup per row.
 */
export async function listMembersWithCounts(db: DbOrTrx, slice: MemberSlice): Promise<MemberWithCount[]> {
  let query = db
    .selectFrom('users as u')
    .selectAll('u')
    .select((eb) =>
      eb
        .selectFrom('users as s')
        .select((e2) => e2.fn.countAll<number>().as('n'))
        .whereRef('s.parent_id', '=', 'u.id')
        .as('sub_profile_count'),
    )
    .where('u.parent_id', 'is', null);
  if (slice.where) query = query.where(slice.where);
  const rows = await query.orderBy('u.created_at', 'desc').orderBy('u.id').limit(slice.limit).offset(slice.offset).execute();
  return rows.map((r) => ({ ...r, sub_profile_count: Number(r.sub_profile_count ?? 0) }));
}

/** How many members the condition keeps (all of them without one). */
export async function countMembers(db: DbOrTrx, where?: Expression<SqlBool>): Promise<number> {
  let query = db
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.parent_id', 'is', null);
  if (where) query = query.where(where);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}
