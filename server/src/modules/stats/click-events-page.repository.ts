import type { DbOrTrx } from '../../db/database';
import type { ClickEventRow } from '../traffic';

export type CsvEventRow = Pick<ClickEventRow, 'id' | 'created_at' | 'link_id' | 'source' | 'verdict' | 'device' | 'referrer_host'>;

/** Where the previous page ended: the last row's time and id (keyset pagination). */
export interface PageCursor {
  createdAt: string;
  id: number;
}

/**
 * One page of a profile's raw events in [from, to), oldest first, after `after`: a range read of
 * click_events_profile_time_idx that starts where the previous page ended (never an OFFSET), so
 * every page costs the same however deep the export is. The seek is one row comparison,
 * (created_at, id) > (last time, last id): SQLite and PostgreSQL both turn it into the start of
 * the index range. The earlier `created_at >= t AND (created_at > t OR id > n)` let PostgreSQL,
 * before its statistics knew the profile's rows, plan every page as a bitmap scan of ALL the
 * remaining rows plus a sort: 1,000,000 rows took ~500 s (decision 0073).
 */
export async function readEventPage(
  db: DbOrTrx,
  q: { userId: string; from: string; to: string; after: PageCursor | null; limit: number },
): Promise<CsvEventRow[]> {
  const after = q.after;
  const rows = await db
    .selectFrom('click_events')
    .select(['id', 'created_at', 'link_id', 'source', 'verdict', 'device', 'referrer_host'])
    .where('user_id', '=', q.userId)
    .where('created_at', '<', q.to)
    .where((eb) => (after ? eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)) : eb('created_at', '>=', q.from)))
    .orderBy('created_at')
    .orderBy('id')
    .limit(q.limit)
    .execute();
  // PostgreSQL's bigint id arrives as a string; the cursor compares it as a number.
  for (const r of rows) r.id = Number(r.id);
  return rows;
}
