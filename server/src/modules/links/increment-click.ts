import type { Db, DbOrTrx } from '../../db/database';
import type { GroupCommit } from '../../db/group-commit';
import { Conflict, NotFound } from '../../errors';
import { MESSAGES } from '@rotalink/shared-api/rules';
import type { ClickVerdictValue } from '../clicks/click-events.table';
import { recordClickEvent } from '../clicks/record-click-event';
import { readClickRules, verdictFor, type Visit } from '../clicks/verdict';
import { queueFillNotice, filledBy } from '../notifications/link-filled';
import type { Outbox } from '../outbox/outbox';
import { pageClickKey } from './click-keys';
import { isCompleted } from './link.mapper';
import { linkOwner } from './link-owners';
import { clickIfQueueHead, findLink, uncountedClickIfQueueHead, type ClickedLink } from './links.repository';

export const LINK_NOT_FOUND = 'Link not found.';
export const LINK_COMPLETED = 'This link has reached its click limit.';
export const LINK_PAUSED = 'This link is paused. Please click the next one.';

export interface PageClick {
  link: ClickedLink;
  verdict: ClickVerdictValue;
  /** Issue 16: this click filled the link and queued the owner's mail (wake the outbox after the commit). */
  notified: boolean;
}

/** Why the queue refused a click (read only after the atomic statement refused it). */
async function refusal(trx: DbOrTrx, linkId: string): Promise<never> {
  const link = await findLink(trx, linkId);
  if (!link) throw new NotFound(LINK_NOT_FOUND);
  if (isCompleted(link)) throw new Conflict(LINK_COMPLETED, 'link-completed');
  if (link.paused_at) throw new Conflict(LINK_PAUSED, 'link-paused');
  throw new Conflict(MESSAGES.completePreviousFirst, 'queue-head-required');
}

/**
 * ONE visitor click from the public page, inside the transaction it is given (DESIGN §6, issue
 * 14). The queue rules apply to every click; the verdict decides whether it burns the cap: a
 * counted click is the one atomic statement of clickIfQueueHead, a bot or a repeat only adds to
 * the link's total of all clicks. Either way the click is stored as an event in the same
 * transaction. A refusal is a domain error (404/409) and writes nothing.
 */
export async function applyPageClick(
  trx: DbOrTrx,
  o: { linkId: string; userId: string; visit: Visit; now: Date; outbox: Outbox },
): Promise<PageClick> {
  const rules = await readClickRules(trx, o.userId);
  const verdict = await verdictFor(trx, { visit: o.visit, rules, userId: o.userId, linkId: o.linkId, now: o.now });
  const link = verdict === 'counted' ? await clickIfQueueHead(trx, o.linkId) : await uncountedClickIfQueueHead(trx, o.linkId);
  if (!link) return refusal(trx, o.linkId);
  await recordClickEvent(trx, {
    createdAt: o.now.toISOString(),
    userId: link.user_id,
    linkId: link.id,
    source: 'page',
    verdict,
    device: o.visit.device,
    referrerHost: o.visit.referrerHost,
    visitor: o.visit.visitor,
    tracked: rules.uniqueWindowHours > 0,
  });
  // The click that filled the link queues the owner's mail in this same transaction (issue 16).
  const notified =
    verdict === 'counted' && filledBy(link) ? await queueFillNotice(trx, o.outbox, { profileId: link.user_id, link }) : false;
  return { link, verdict, notified };
}

/**
 * A visitor's click: route → here → the group commit → the statements above. Resolves once its
 * batch has committed (durable), or rejects with the reason it was refused.
 */
export async function incrementClick(opts: {
  commits: GroupCommit;
  db: Db;
  outbox: Outbox;
  linkId: string;
  visit: Visit;
  now?: Date;
}): Promise<PageClick> {
  const userId = await linkOwner(opts.db, opts.linkId);
  if (userId === undefined) throw new NotFound(LINK_NOT_FOUND);
  const now = opts.now ?? new Date();
  const click = await opts.commits.run(pageClickKey(userId, opts.linkId), (trx) =>
    applyPageClick(trx, { linkId: opts.linkId, userId, visit: opts.visit, now, outbox: opts.outbox }),
  );
  // Committed: the worker may send it now.
  if (click.notified) opts.outbox.wake();
  return click;
}
