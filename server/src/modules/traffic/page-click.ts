import type { DbOrTrx } from '../../db/database';
import type { Outcome } from '../../db/group-commit';
import { Conflict, NotFound } from '../../errors';
import { MESSAGES } from '@rotalink/shared-api/rules';
import { findLink, isCompleted, LINK_NOT_FOUND } from '../links';
import type { ClickBatch } from './click-batch';
import type { ClickVerdictValue } from './click-events.table';
import type { ClickEventInput } from './click-events.repository';
import {
  addClicks,
  clickIfQueueHead,
  filledBy,
  lockLinkForClicks,
  uncountedClickIfQueueHead,
  type ClickedLink,
} from './link-clicks.repository';
import { verdictFor, type ClickRules, type Visit } from './verdict';
import { mintClickId } from './click-ids';
import { destinationUrl } from './destination';

export { LINK_NOT_FOUND };
export const LINK_COMPLETED = 'This link has reached its click limit.';
export const LINK_PAUSED = 'This link is paused. Please click the next one.';

export interface PageClick {
  link: ClickedLink;
  verdict: ClickVerdictValue;
  /** This click filled the link and a subscriber queued the owner's notice (issue 16) in its transaction. */
  notified: boolean;
  /** Issue 30: a counted click's public id; null for a bot or a repeat (decision 0151). */
  clickId: string | null;
  /** Where the visitor page sends the visitor: the link's URL with its macros and click-id parameter applied. */
  destination: string;
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
export interface PageClickInput {
  linkId: string;
  userId: string;
  visit: Visit;
  now: Date;
}

export async function applyPageClick(batch: ClickBatch, o: PageClickInput): Promise<PageClick> {
  const { trx } = batch;
  const rules = await batch.rules(o.userId);
  const verdict = await verdictFor(batch, { visit: o.visit, rules, userId: o.userId, linkId: o.linkId, now: o.now });
  const link = verdict === 'counted' ? await clickIfQueueHead(trx, o.linkId) : await uncountedClickIfQueueHead(trx, o.linkId);
  if (!link) return refusal(trx, o.linkId);
  const event = pageClickEvent(o, link, verdict, rules);
  await batch.record(event);
  // The click that filled the link: its subscribers (the owner's mail, issue 16) act in this same transaction.
  const notified = verdict === 'counted' && filledBy(link) ? await batch.linkFilled(link) : false;
  return sentOn(link, verdict, notified, event.clickId);
}

/** The answer of an accepted page click: its link, and where the visitor goes with its click id (issue 30). */
function sentOn(link: ClickedLink, verdict: ClickVerdictValue, notified: boolean, clickId: string | null): PageClick {
  const destination = destinationUrl(link.url, {
    clickId,
    linkId: link.id,
    profileId: link.user_id,
    source: 'page',
    clickParam: link.click_param,
  });
  return { link, verdict, notified, clickId, destination };
}

/** The event of a page click the queue accepted, as the batch stores it. */
function pageClickEvent(c: PageClickInput, link: ClickedLink, verdict: ClickVerdictValue, rules: ClickRules): ClickEventInput {
  return {
    createdAt: c.now.toISOString(),
    userId: link.user_id,
    linkId: link.id,
    source: 'page',
    verdict,
    device: c.visit.device,
    referrerHost: c.visit.referrerHost,
    visitor: c.visit.visitor,
    // The profile looks its visitors up (a unique window): the event goes into the visitor index.
    tracked: rules.uniqueWindowHours > 0,
    // Issue 30: only a counted click gets an id a conversion can be attributed to (decision 0151).
    clickId: verdict === 'counted' ? mintClickId(c.now) : null,
  };
}

const refused = (error: unknown): Outcome<PageClick> => ({ ok: false, error });

/**
 * The clicks on ONE link that met in a group-commit batch (issue 12: a solo-ad blast sends
 * hundreds of visitors to the same head link at once), decided click by click in arrival order
 * exactly as applyPageClick would decide them one after the other — the same verdicts, the same
 * link in each answer, the same refusal once the cap is reached — from one locked read of the
 * link, and written as ONE update of its counters (plus their events, which the batch writes
 * together). Two statements for the run instead of one per click.
 */
export async function applyPageClicks(
  batch: ClickBatch,
  batched: PageClickInput[],
  absorb?: () => PageClickInput[],
): Promise<Outcome<PageClick>[]> {
  if (batched.length === 1) return [{ ok: true, value: await applyPageClick(batch, batched[0]) }];
  const { trx } = batch;
  const { linkId, userId } = batched[0];
  // The link's row and the profile's click rules in one statement (decision 0082).
  const locked = await lockLinkForClicks(trx, linkId);
  // The clicks on this link that arrived while we waited for its row (another API node held it)
  // join this run instead of waiting for the next batch and the lock again (decision 0078).
  const clicks = absorb ? [...batched, ...absorb()] : batched;
  if (!locked?.clickable) {
    const why = await refusal(trx, linkId).catch((err: unknown) => err);
    return clicks.map(() => refused(why));
  }
  const { rules, link: start } = locked;
  batch.knowRules(userId, rules);
  let link = start;
  const out: Outcome<PageClick>[] = [];
  for (const c of clicks) {
    if (isCompleted(link)) {
      out.push(refused(new Conflict(LINK_COMPLETED, 'link-completed')));
      continue;
    }
    // The verdict and the event are synchronous for most profiles: no await, no promise per click (issue 27).
    const decided = verdictFor(batch, { visit: c.visit, rules, userId, linkId, now: c.now });
    const verdict = typeof decided === 'string' ? decided : await decided;
    const counted = verdict === 'counted' ? 1 : 0;
    link = { ...link, clicks: link.clicks + counted, counted_clicks: link.counted_clicks + counted, all_clicks: link.all_clicks + 1 };
    const event = pageClickEvent(c, link, verdict, rules);
    const recorded = batch.record(event);
    if (recorded) await recorded;
    out.push({ ok: true, value: sentOn(link, verdict, false, event.clickId) });
  }
  const counted = link.clicks - start.clicks;
  const all = link.all_clicks - start.all_clicks;
  // The click that filled the link is the run's last accepted one: its mail reads the queue as
  // that click left it, so only after the update. A run that leaves its link pending may leave
  // the update to the batch's last statement (decision 0082).
  const filling = out.find((o) => o.ok && o.value.verdict === 'counted' && filledBy(o.value.link));
  if (!filling?.ok) {
    await batch.addRunClicks({ userId, linkId }, counted, all);
    return out;
  }
  await addClicks(trx, linkId, counted, all);
  filling.value.notified = await batch.linkFilled(filling.value.link);
  return out;
}
