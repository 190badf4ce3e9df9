import type { DbOrTrx } from '../../db/database';
import {
  engineOf,
  memberContains,
  sqliteCountMembers,
  sqliteCountMembersLike,
  sqliteCountMembersMatching,
  sqliteMembersMatching,
  TRIGRAM,
} from '../../db/dialect-sql';
import { countMembers, listMembersWithCounts, type MemberWithCount } from './admin.repository';

export interface MemberPageRequest {
  limit: number;
  offset: number;
  /** Part of an email or of a name (issue 29), already trimmed and lower-cased; empty = every member. */
  q: string;
}

/**
 * SQLite: up to this many matches, the page is read from the trigram table's matches (sorting
 * them is cheap); above it, matches are dense enough that walking the members newest first and
 * testing each email finds a page sooner (a sort of 100,000 matches measured ~200 ms; the walk
 * for 50 of them well under 1 ms).
 */
export const FTS_PAGE_LIMIT = 5000;

/**
 * One page of the admin's member list and how many members it has, searched by email (spec §9)
 * or name (issue 29):
 * every branch is an index read bounded by the page, plus one count (docs/decisions/0052).
 */
export async function findMemberPage(
  db: DbOrTrx,
  { limit, offset, q }: MemberPageRequest,
): Promise<{ rows: MemberWithCount[]; total: number }> {
  const slice = { limit, offset };
  if (!q) {
    const count = engineOf(db) === 'postgres' ? countMembers(db) : sqliteCountMembers(db);
    const [rows, total] = await Promise.all([listMembersWithCounts(db, slice), count]);
    return { rows, total };
  }
  const contains = memberContains(db, q);
  if (engineOf(db) === 'postgres') {
    const [rows, total] = await Promise.all([listMembersWithCounts(db, { ...slice, where: contains }), countMembers(db, contains)]);
    return { rows, total };
  }
  if ([...q].length < TRIGRAM) {
    const total = await sqliteCountMembersLike(db, q);
    return { rows: total === 0 ? [] : await listMembersWithCounts(db, { ...slice, where: contains }), total };
  }
  const total = await sqliteCountMembersMatching(db, q);
  if (total === 0 || offset >= total) return { rows: [], total };
  const where = total <= FTS_PAGE_LIMIT ? sqliteMembersMatching(q) : contains;
  return { rows: await listMembersWithCounts(db, { ...slice, where }), total };
}
