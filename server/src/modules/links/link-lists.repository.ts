import type { LinkLists, MemberLinkLists } from '@rotalink/shared-api/contract';
import { precompiled } from '../../db/precompiled';
import type { Db, DbOrTrx } from '../../db/database';
import { toLinkLists, toMemberLinkLists, type LinkFields, type MemberLinkFields } from './link.mapper';

/**
 * The profile and its links in queue order in ONE statement (a LEFT JOIN, so a profile without
 * links is one row of NULLs): half the round trips of "does the user exist, then its links".
 * Served by the primary key and links_user_queue_idx (migration 0002), with no sort.
 */
const profileLinks = precompiled((db: Db, userId: string) =>
  db
    .selectFrom('users as u')
    // A paused link is not on the visitor's page at all (issue 16).
    .leftJoin('links as l', (join) => join.onRef('l.user_id', '=', 'u.id').on('l.paused_at', 'is', null))
    .select(['l.id', 'l.name', 'l.url', 'l.clicks', 'l.max_clicks'])
    .where('u.id', '=', userId)
    .orderBy('l.position')
    .orderBy('l.created_at')
    .orderBy('l.id'),
);

/** `{ pending, completed }` of a profile (spec §7 userliks), or undefined when there is no such user. */
export async function findLinkLists(db: Db, userId: string): Promise<LinkLists | undefined> {
  const rows = await profileLinks(db, userId);
  if (rows.length === 0) return undefined;
  return toLinkLists(rows.filter((r): r is LinkFields => r.id !== null));
}

/** The owner's view (GET /api/links/userliks): the same lists with each link's lifetime totals (issue 14). */
const memberLinks = precompiled((db: Db, userId: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('links as l', 'l.user_id', 'u.id')
    .select([
      'l.id',
      'l.name',
      'l.url',
      'l.clicks',
      'l.max_clicks',
      'l.counted_clicks',
      'l.all_clicks',
      'l.click_param',
      'l.paused_at',
      'l.paused_by',
      'l.pause_reason',
      'l.last_check_at',
      'l.last_check_ok',
      'l.last_check_result',
    ])
    .where('u.id', '=', userId)
    .orderBy('l.position')
    .orderBy('l.created_at')
    .orderBy('l.id'),
);

/** `owner` false: a caller without the owner's token, who gets no `paused` list (link.mapper.ts). */
export async function findMemberLinkLists(db: DbOrTrx, userId: string, owner = true): Promise<MemberLinkLists | undefined> {
  const rows = await memberLinks(db as Db, userId);
  if (rows.length === 0) return undefined;
  return toMemberLinkLists(
    rows.filter((r): r is MemberLinkFields => r.id !== null),
    owner,
  );
}

/** The head of a profile's queue (the first pending, unpaused link), named in the owner's mails (issue 16). */
export function firstPendingLink(trx: DbOrTrx, userId: string) {
  return trx
    .selectFrom('links')
    .select(['name', 'url'])
    .where('user_id', '=', userId)
    .where('paused_at', 'is', null)
    .where((eb) => eb.or([eb('max_clicks', 'is', null), eb('clicks', '<', eb.ref('max_clicks'))]))
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
