import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { ProfileHandleRow } from './handles.table';

/** A row that still counts: the current handle, or an old one before it frees. */
const live = (now: string) => sql<boolean>`(state = 'current' or frees_at > ${now})`;

/** Whose profile a handle names, and that profile's current handle (an old handle answers the new one). */
export async function resolveHandleRow(
  db: DbOrTrx,
  handle: string,
  now: string,
): Promise<{ profile_id: string; current: string | null } | undefined> {
  const row = await db
    .selectFrom('profile_handles as h')
    .leftJoin('profile_handles as c', (j) => j.onRef('c.profile_id', '=', 'h.profile_id').on('c.state', '=', 'current'))
    .select(['h.profile_id', 'c.handle as current'])
    .where('h.handle', '=', handle)
    .where(sql<boolean>`(h.state = 'current' or h.frees_at > ${now})`)
    .executeTakeFirst();
  return row ? { profile_id: row.profile_id, current: row.current ?? null } : undefined;
}

/** The profile's rows that still count, current first. */
export function liveHandlesOf(db: DbOrTrx, profileId: string, now: string): Promise<ProfileHandleRow[]> {
  return db
    .selectFrom('profile_handles')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where(live(now))
    .orderBy('state')
    .orderBy('frees_at', 'desc')
    .execute();
}

/** Rows of other profiles that still count and look like this handle (same skeleton). */
export function liveLookAlikes(db: DbOrTrx, skeleton: string, profileId: string, now: string): Promise<ProfileHandleRow[]> {
  return db
    .selectFrom('profile_handles')
    .selectAll()
    .where('skeleton', '=', skeleton)
    .where('profile_id', '!=', profileId)
    .where(live(now))
    .execute();
}

/** Old handles past their 30 days: free again (deleted so the primary key lets a new claim in). */
export async function deleteFreedHandles(db: DbOrTrx, now: string, skeleton?: string): Promise<number> {
  let q = db.deleteFrom('profile_handles').where('state', '=', 'old').where('frees_at', '<=', now);
  if (skeleton !== undefined) q = q.where('skeleton', '=', skeleton);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The current handle of each profile in the list that has one. */
export async function currentHandlesOf(db: DbOrTrx, profileIds: string[]): Promise<Map<string, string>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('profile_handles')
    .select(['profile_id', 'handle'])
    .where('state', '=', 'current')
    .where('profile_id', 'in', profileIds)
    .execute();
  return new Map(rows.map((r) => [r.profile_id, r.handle]));
}
