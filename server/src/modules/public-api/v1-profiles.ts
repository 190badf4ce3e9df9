import type { ProfilesQuery, V1Profile } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../../db/database';
import type { UserRow } from '../users';
import { decodeCursor, encodeCursor, limitOf, pageOf } from './cursor';

const toV1Profile = (row: Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'parent_id' | 'created_at'>): V1Profile => ({
  id: row.id,
  name: `${row.first_name} ${row.last_name}`.trim(),
  parent_id: row.parent_id,
  created_at: row.created_at,
});

/**
 * The account's profiles, oldest first: the caller's own account and the sub-profiles under it
 * (a sub-profile has none, so its own session sees only itself, as DESIGN §6 wants).
 */
export async function pageOfProfiles(db: DbOrTrx, accountId: string, q: ProfilesQuery) {
  const list = `profiles:${accountId}`;
  const limit = limitOf(q);
  let query = db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'parent_id', 'created_at'])
    .where((eb) => eb.or([eb('id', '=', accountId), eb('parent_id', '=', accountId)]));
  if (q.cursor) {
    const [createdAt, id] = decodeCursor(q.cursor, list, ['s', 's']);
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(createdAt as string, id as string)));
  }
  const rows = await query
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, toV1Profile, (last) => encodeCursor(list, [last.created_at, last.id]));
}
