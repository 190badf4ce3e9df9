import type { MemberLinkLists, PauseLinkBody } from '@rotalink/shared-api/contract';
import type { Db, DbOrTrx } from '../../db/database';
import type { ClickLedger, LinkPaused } from '../traffic';
import { lockProfileRow } from '../../db/dialect-sql';
import { nowIso } from '../../db/ids';
import { NotFound } from '../../errors';
import type { UserRow } from '../users';
import { LINK_NOT_FOUND } from './link-messages';
import { findMemberLinkLists } from './link-lists.repository';
import { PAUSED_BY_OWNER } from './link.mapper';
import type { PausedByValue } from './links.table';

export const LINK_PAUSED_MESSAGE = 'Link paused';
export const LINK_RESUMED_MESSAGE = 'Link resumed';

/** Takes a link out of the queue (issue 16); a link already paused keeps its first pause. */
export async function setPaused(db: DbOrTrx, o: { linkId: string; userId: string; by: PausedByValue; reason: string; now: string }) {
  return db
    .updateTable('links')
    .set({ paused_at: o.now, paused_by: o.by, pause_reason: o.reason })
    .where('id', '=', o.linkId)
    .where('user_id', '=', o.userId)
    .where('paused_at', 'is', null)
    .executeTakeFirst();
}

/** Back into the queue at its old place, with a clean slate of failed checks. */
export async function setResumed(db: DbOrTrx, o: { linkId: string; userId: string }) {
  return db
    .updateTable('links')
    .set({ paused_at: null, paused_by: null, pause_reason: null, check_failures: 0 })
    .where('id', '=', o.linkId)
    .where('user_id', '=', o.userId)
    .executeTakeFirst();
}

/**
 * POST /api/links/pauseLink (issue 16, owner only). A paused link is neither pending nor
 * completed: the queue, the visitor page and the rotator skip it, so the next link becomes the
 * head at once. One transaction that locks the profile row first (the rotator's order, issue 14),
 * so a rotator visit sees the queue either before or after the pause. Pausing twice or resuming a
 * link that is not paused changes nothing. Answers the owner's lists after the change.
 * A pause that changed the row is published on the ledger (LinkPaused, issue 31: the webhooks'
 * rows ride in this transaction) and its subscribers are told after the COMMIT.
 */
export async function pauseLink(opts: {
  db: Db;
  ledger: Pick<ClickLedger, 'openUnit'>;
  profile: Pick<UserRow, 'id'>;
  body: PauseLinkBody;
}): Promise<{ message: string; lists: MemberLinkLists }> {
  const { db, profile, body } = opts;
  let told: (() => void) | undefined;
  const answer = await db.transaction().execute(async (trx) => {
    await lockProfileRow(trx, profile.id);
    const link = await trx
      .selectFrom('links')
      .select(['id', 'name', 'url'])
      .where('id', '=', body.link_id)
      .where('user_id', '=', profile.id)
      .executeTakeFirst();
    if (!link) throw new NotFound(LINK_NOT_FOUND);
    if (body.paused) {
      const at = nowIso();
      const done = await setPaused(trx, { linkId: link.id, userId: profile.id, by: 'owner', reason: PAUSED_BY_OWNER, now: at });
      if (Number(done.numUpdatedRows) > 0)
        told = await publishPause(trx, opts.ledger, { profileId: profile.id, link, by: 'owner', reason: PAUSED_BY_OWNER, at });
    } else await setResumed(trx, { linkId: body.link_id, userId: profile.id });
    const lists = (await findMemberLinkLists(trx, profile.id)) as MemberLinkLists;
    return { message: body.paused ? LINK_PAUSED_MESSAGE : LINK_RESUMED_MESSAGE, lists };
  });
  told?.();
  return answer;
}

/** Publishes a pause in its transaction; the function tells the subscribers once it committed. */
export async function publishPause(trx: DbOrTrx, ledger: Pick<ClickLedger, 'openUnit'>, event: LinkPaused): Promise<() => void> {
  const unit = ledger.openUnit(trx);
  await unit.linkPaused(event);
  await unit.close();
  return () => unit.committed();
}
