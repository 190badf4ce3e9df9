import type { DbOrTrx } from '../../db/database';
import type { Outcome } from '../../db/group-commit';
import type { ClickBatch } from './click-batch';
import type { ClickVerdictValue } from './click-events.table';
import type { ClickEventInput } from './click-events.repository';
import { planVisit } from './choose-link';
import {
  moveCursor,
  readProfileQueue,
  restartQueue,
  type ProfileQueue,
  type QueueLink,
  type RotatorState,
} from './profile-queue.repository';
import { queueBook, type QueueBook } from './queue-book';
import { verdictFor, type Visit } from './verdict';
import { mintClickId } from './click-ids';
import type { Chance } from './optimize';
import { destinationUrl } from './destination';

export interface RotatorVisit {
  userId: string;
  visit: Visit;
  /** Spillover: the link id the visitor's cookie says they got last (unchecked input). */
  cookieLastLink: string | null;
  now: Date;
  /** `{PUBLIC_SITE_URL}/profile?userId=` of this profile. */
  pageUrl: string;
  /** The random source of the modes that draw (random, optimize): the ledger's, injected in tests. */
  chance?: Chance;
}

export interface Destination {
  url: string;
  /** null: the finish page or the backup URL. */
  linkId: string | null;
  verdict: ClickVerdictValue;
  /** The profile's mode (spillover keeps the visitor's place in a cookie). */
  mode: RotatorState['mode'];
  /** This visit filled a link and a subscriber queued the owner's notice (issue 16). */
  notified?: boolean;
  /** Issue 30: a counted visit sent on to a link gets its public id; null otherwise (decision 0151). */
  clickId: string | null;
}

/** A page click racing on another node can fill the chosen link; each retry re-reads the queue. */
const MAX_ATTEMPTS = 25;

const finishUrl = (state: RotatorState, pageUrl: string): string =>
  state.onFinish === 'backup' && state.backupUrl ? state.backupUrl : pageUrl;

/** The link's URL with its macros and click-id parameter applied (issue 30, destination.ts). */
const linkDestination = (link: QueueLink, userId: string, clickId: string | null): string =>
  destinationUrl(link.url, { clickId, linkId: link.id, profileId: userId, source: 'rotator', clickParam: link.click_param });

/** The queue after a counted click on `link` (and, in round robin, the cursor on it): one link replaced, the rest shared. */
function afterClick(queue: ProfileQueue, link: QueueLink, clicks: number, moved: boolean): ProfileQueue {
  const links = queue.links.slice();
  const at = links.indexOf(link);
  if (at >= 0) links[at] = { ...link, clicks };
  return { state: moved ? { ...queue.state, lastLinkId: link.id } : queue.state, links };
}

/** Spillover's "where this visitor was last"; null at once (no promise) in every other mode. */
function visitorLast(batch: ClickBatch, queue: ProfileQueue, v: RotatorVisit): string | null | Promise<string | null> {
  if (queue.state.mode !== 'spillover') return null;
  if (v.cookieLastLink && queue.links.some((l) => l.id === v.cookieLastLink)) return v.cookieLastLink;
  return batch.lastRotatorLinkOf(v.visit.visitor, v.userId).then((id) => id ?? null);
}

/** The event of a rotator visit, as the batch stores it. */
function rotatorEvent(
  v: RotatorVisit,
  state: RotatorState,
  linkId: string | null,
  verdict: ClickVerdictValue,
  clickId: string | null,
): ClickEventInput {
  return {
    createdAt: v.now.toISOString(),
    userId: v.userId,
    linkId,
    source: 'rotator',
    verdict,
    device: v.visit.device,
    referrerHost: v.visit.referrerHost,
    visitor: v.visit.visitor,
    tracked: state.uniqueWindowHours > 0 || state.mode === 'spillover',
    clickId,
  };
}

/**
 * One rotator visit (issue 14), inside its group-commit transaction: the profile's queue comes
 * from the run's book (queue-book.ts: read once, under the profile's lock on PostgreSQL), the
 * mode picks a link, the verdict decides whether the click counts, and a counted click is
 * capped exactly however many visitors arrive, on any number of nodes. The event is stored in
 * the same transaction. Undefined: no such profile (nothing written).
 */
async function followRotator(batch: ClickBatch, v: RotatorVisit, book: QueueBook): Promise<Destination | undefined> {
  const { trx } = batch;
  const known = book.queue(v.userId);
  let queue = known instanceof Promise ? await known : known;
  if (!queue) return undefined;
  const { state } = queue;
  const rules = { filterBots: state.filterBots, uniqueWindowHours: state.uniqueWindowHours };
  const lastKnown = visitorLast(batch, queue, v);
  const last = lastKnown instanceof Promise ? await lastKnown : lastKnown;
  // Most visits need no await at all between here and their answer (issue 27): the verdict, the
  // count on the run's book and the event are synchronous unless a rule has to read the database.
  const record = (linkId: string | null, verdict: ClickVerdictValue, clickId: string | null) =>
    batch.record(rotatorEvent(v, state, linkId, verdict, clickId));

  const chance = v.chance;
  const earnings = state.mode === 'optimize' ? await book.earnings(v.userId) : undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && queue; attempt++) {
    const plan = planVisit(state, queue.links, { visitorLast: last, random: chance?.random ?? Math.random, chance, earnings });
    if (plan.kind === 'finish') break;
    const decided = verdictFor(batch, { visit: v.visit, rules, userId: v.userId, linkId: plan.link.id, now: v.now });
    const verdict = typeof decided === 'string' ? decided : await decided;
    if (verdict !== 'counted') {
      // A bot or a repeat goes where a person would, and changes nothing: no cap, no cursor, no restart.
      book.touch(plan.link.id);
      await record(plan.link.id, verdict, null);
      return { url: linkDestination(plan.link, v.userId, null), linkId: plan.link.id, verdict, mode: state.mode, clickId: null };
    }
    if (plan.restart) {
      await book.settle();
      await restartQueue(trx, v.userId);
    }
    const counting = book.count(plan.link, plan.restart);
    const clicked = counting instanceof Promise ? await counting : counting;
    if (clicked) {
      const moved = state.mode === 'round_robin' && state.saved;
      if (moved) await moveCursor(trx, v.userId, plan.link.id);
      // After a restart every count changed: the next visit reads the queue again.
      book.remember(v.userId, plan.restart ? undefined : afterClick(queue, plan.link, clicked.clicks, moved));
      const clickId = mintClickId(v.now);
      const recorded = record(plan.link.id, 'counted', clickId);
      if (recorded) await recorded;
      const notified = clicked.filled !== undefined && (await batch.linkFilled(clicked.filled));
      const url = linkDestination(plan.link, v.userId, clickId);
      return { url, linkId: plan.link.id, verdict: 'counted', mode: state.mode, notified, clickId };
    }
    queue = await book.reread(v.userId);
  }
  const verdict: ClickVerdictValue = v.visit.bot && state.filterBots ? 'bot' : 'counted';
  // The finish page or the backup URL is no link: no click id, no macros (decision 0151).
  await record(null, verdict, null);
  return { url: finishUrl(state, v.pageUrl), linkId: null, verdict, mode: state.mode, clickId: null };
}

/**
 * The visits of ONE profile that met in a group-commit batch, in arrival order, each decided as
 * it would be alone; the book writes what it held back before the batch goes on.
 */
export async function followRotatorRun(batch: ClickBatch, visits: RotatorVisit[]): Promise<Outcome<Destination | undefined>[]> {
  // A page run of this batch may hold back its link's counters (decision 0082): the queue read
  // and the capped statements below must see them — the book takes the proof that they are written.
  const book = queueBook(batch.trx, await batch.settle(visits[0].userId));
  const out: Outcome<Destination | undefined>[] = [];
  for (const v of visits) out.push({ ok: true, value: await followRotator(batch, v, book) });
  await book.settle();
  return out;
}

/** HEAD: the same redirect a visit would get now, with nothing locked, counted or stored. */
export async function previewRotator(
  db: DbOrTrx,
  o: { userId: string; cookieLastLink: string | null; pageUrl: string },
): Promise<string | undefined> {
  const queue = await readProfileQueue(db, o.userId);
  if (!queue) return undefined;
  const last = o.cookieLastLink && queue.links.some((l) => l.id === o.cookieLastLink) ? o.cookieLastLink : null;
  const plan = planVisit(queue.state, queue.links, { visitorLast: last, random: Math.random });
  // A preview mints no id: the macros are emptied, no parameter appended (as for a bot).
  return plan.kind === 'link' ? linkDestination(plan.link, o.userId, null) : finishUrl(queue.state, o.pageUrl);
}
