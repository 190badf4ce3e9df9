import type { MemberLinkLists, ReorderLinksBody } from '@rotalink/shared-api/contract';
import type { Db } from '../../db/database';
import { lockProfileRow } from '../../db/dialect-sql';
import { BadRequest } from '../../errors';
import type { UserRow } from '../users';
import { isCompleted, toMemberLinkLists } from './link.mapper';
import { listLinks, setLinkPosition } from './links.repository';

export const DUPLICATE_IN_ORDER = 'Each link may appear only once in the new order.';
export const notTheQueue = (pending: number) =>
  `The new order must name every pending link of this profile exactly once (it has ${pending} now). Reload the links and try again.`;

/**
 * POST /api/links/reorder (issue 13): the owner sets the order of the pending queue. `link_ids`
 * must be exactly the profile's pending links (a link that completed, was added or deleted since
 * the page loaded makes it a 400, so nobody reorders a queue they did not see). One transaction
 * that locks the profile row like add-link does, so a concurrent add or reorder waits; completed
 * links keep their positions (reset still sends a link to the end).
 */
export async function reorderLinks(opts: { db: Db; profile: Pick<UserRow, 'id'>; body: ReorderLinksBody }): Promise<MemberLinkLists> {
  const { db, profile, body } = opts;
  const ids = body.link_ids;
  if (new Set(ids).size !== ids.length) throw new BadRequest(DUPLICATE_IN_ORDER);
  return db.transaction().execute(async (trx) => {
    await lockProfileRow(trx, profile.id);
    const pending = new Set((await listLinks(trx, profile.id)).filter((l) => !isCompleted(l) && !l.paused_at).map((l) => l.id));
    if (ids.length !== pending.size || !ids.every((id) => pending.has(id))) throw new BadRequest(notTheQueue(pending.size));
    const position = new Map(ids.map((id, i) => [id, i + 1]));
    // The profile's row is locked first and rows are written in id order, the order a group-commit
    // batch of clicks locks them in (modules/traffic/click-keys.ts), so a reorder and a batch on
    // PostgreSQL cannot deadlock.
    for (const id of [...ids].sort()) await setLinkPosition(trx, id, profile.id, position.get(id) as number);
    return toMemberLinkLists(await listLinks(trx, profile.id));
  });
}
