import type { LinkStatus, LinksQuery, V1Link } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../../db/database';
import { NotFound } from '../../errors';
import { isCompleted, LINK_NOT_FOUND, lastCheckOf, linkRowToMemberLink, type LinkRow } from '../links';
import { decodeCursor, encodeCursor, limitOf, pageOf } from './cursor';

/** A link as the public API shows it: the owner's view, with its status and place in the queue. */
export function toV1Link(row: LinkRow): V1Link {
  const status: LinkStatus = row.paused_at ? 'paused' : isCompleted(row) ? 'completed' : 'pending';
  return {
    ...linkRowToMemberLink(row),
    status,
    counted_clicks: Number(row.counted_clicks),
    all_clicks: Number(row.all_clicks),
    click_param: row.click_param ?? null,
    position: Number(row.position),
    created_at: row.created_at,
    paused_at: row.paused_at,
    paused_by: row.paused_by,
    pause_reason: row.pause_reason,
    last_check: lastCheckOf(row),
  };
}

/** One link of the profile (the access check has granted the profile; the link must be its). */
export async function readLink(db: DbOrTrx, profileId: string, linkId: string): Promise<V1Link> {
  const row = await db.selectFrom('links').selectAll().where('id', '=', linkId).where('user_id', '=', profileId).executeTakeFirst();
  if (!row) throw new NotFound(LINK_NOT_FOUND);
  return toV1Link(row);
}

/**
 * A page of the profile's links in queue order (position, created_at, id: the order of every
 * links read), optionally of one status. The cursor names the profile and status it was made
 * for. A profile holds at most 20 links today; the keyset query does not depend on that.
 */
export async function pageOfLinks(db: DbOrTrx, profileId: string, q: LinksQuery) {
  const list = `links:${profileId}:${q.status ?? 'all'}`;
  const limit = limitOf(q);
  let query = db.selectFrom('links').selectAll().where('user_id', '=', profileId);
  if (q.status === 'paused') query = query.where('paused_at', 'is not', null);
  else if (q.status === 'completed')
    query = query
      .where('paused_at', 'is', null)
      .where('max_clicks', 'is not', null)
      .where((eb) => eb('clicks', '>=', eb.ref('max_clicks')));
  else if (q.status === 'pending')
    query = query
      .where('paused_at', 'is', null)
      .where((eb) => eb.or([eb('max_clicks', 'is', null), eb('clicks', '<', eb.ref('max_clicks'))]));
  if (q.cursor) {
    const [position, createdAt, id] = decodeCursor(q.cursor, list, ['n', 's', 's']);
    query = query.where((eb) =>
      eb(eb.refTuple('position', 'created_at', 'id'), '>', eb.tuple(position as number, createdAt as string, id as string)),
    );
  }
  const rows = await query
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  return pageOf(rows, limit, toV1Link, (last) => encodeCursor(list, [Number(last.position), last.created_at, last.id]));
}
