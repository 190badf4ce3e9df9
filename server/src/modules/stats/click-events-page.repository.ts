import type { DbOrTrx } from '../../db/database';
import type { ClickEventRow } from '../clicks/click-events.table';

export type CsvEventRow = Pick<ClickEventRow, 'id' | 'created_at' | 'link_id' | 'source' | 'verdict' | 'device' | 'referrer_host'>;

/** Where the previous page ended: the last row's time and id (keyset pagination). */
export interface PageCursor {
  createdAt: string;
  id: number;
}

/**
 * One page of a profile's raw events in [from, to), oldest first, after `after`: a range read of
 * click_events_profile_time_idx that starts where the previous page ended (never an OFFSET), so
 * every page costs the same however deep the export is.
 */
export async function readEventPage(
  db: DbOrTrx,
  q: { userId: string; from: string; to: string; after: PageCursor | null; limit: number },
): Promise<CsvEventRow[]> {
  let query = db
    .selectFrom('click_events')
    .select(['id', 'created_at', 'link_id', 'source', 'verdict', 'device', 'referrer_host'])
    .where('user_id', '=', q.userId)
    .where('created_at', '<', q.to);
  const after = q.after;
  if (after) {
    // Seek to the last time seen; of the rows at exactly that time, skip the ids already sent.
    query = query
      .where('created_at', '>=', after.createdAt)
      .where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb('id', '>', after.id)]));
  } else {
    query = query.where('created_at', '>=', q.from);
  }
  const rows = await query.orderBy('created_at').orderBy('id').limit(q.limit).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
