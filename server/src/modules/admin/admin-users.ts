import { ADMIN_LIST, PLAN } from '@rotalink/shared-api/rules';
import type { AdminUserDetails, AllUsersPage, AllUsersQuery, AdminUser } from '@rotalink/shared-api/contract';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import { linkRowToLink, listLinks } from '../links';
import { USER_NOT_FOUND } from '../users';
import { userRowToSubProfile } from '../users';
import { countSubProfiles, findUserById, listSubProfiles } from '../users';
import { listMembersWithCounts } from './admin.repository';
import { toAdminUser } from './admin.service';
import { findMemberPage } from './member-search';

/**
 * GET allusers (issue 12). No parameter: spec §7's array, but only the newest 1,000 members —
 * the whole table at 100,000 members was 62 MiB of JSON and seconds of a stalled event loop.
 * Any parameter: one page (default 50, at most 100) of the members whose email contains `q`.
 */
export async function listUsers(db: Db, query: AllUsersQuery): Promise<AdminUser[] | AllUsersPage> {
  if (query.page === undefined && query.pageSize === undefined && query.q === undefined) {
    const rows = await listMembersWithCounts(db, { limit: ADMIN_LIST.unpagedMax, offset: 0 });
    return rows.map(toAdminUser);
  }
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? ADMIN_LIST.defaultPageSize);
  // Emails are stored lower-cased (sign-up, change of email); the search is case-insensitive.
  const q = (query.q ?? '').trim().toLowerCase();
  const { rows, total } = await findMemberPage(db, { limit: pageSize, offset: (page - 1) * pageSize, q });
  return { users: rows.map(toAdminUser), total, page, pageSize };
}

/** GET users/:userId (issue 12): what /user-details shows, in one bounded read (≤ 20 links, ≤ 50 sub-profiles). */
export async function readUserDetails(db: Db, userId: string): Promise<AdminUserDetails> {
  const row = await findUserById(db, userId);
  if (!row) throw new NotFound(USER_NOT_FOUND);
  const [links, subs, subCount, member] = await Promise.all([
    listLinks(db, userId),
    listSubProfiles(db, userId, { limit: PLAN.subProfilesPerMember }),
    countSubProfiles(db, userId),
    row.parent_id === null ? undefined : findUserById(db, row.parent_id),
  ]);
  return {
    user: toAdminUser({ ...row, sub_profile_count: subCount }),
    // A paused link is neither pending nor completed: listed apart, as on the member's page.
    links: links.filter((l) => l.paused_at === null).map(linkRowToLink),
    paused: links.filter((l) => l.paused_at !== null).map(linkRowToLink),
    subProfiles: subs.map(userRowToSubProfile),
    member: member ? { user_id: member.id, email: member.email ?? '', first_name: member.first_name, last_name: member.last_name } : null,
  };
}
