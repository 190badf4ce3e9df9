import { writeTogether, type TableWrite } from '../../db/batch-write';
import type { DbOrTrx } from '../../db/database';
import { engineOf } from '../../db/dialect-sql';
import { firstPendingLink } from '../links';
import { clickEventsWrite, findLastRotatorLink, hasCountedClickSince, type ClickEventInput } from './click-events.repository';
import type { BatchListener, EventHandler, LedgerEvents, LedgerSubscriber } from './ledger-events';
import { addClicks, addClicksClosing, type ClickedLink } from './link-clicks.repository';
import { loadClickRules, type ClickRules } from './verdict';

declare const settled: unique symbol;
/**
 * Proof that a profile's held-back run counters are written (ClickBatch.settle): what reads or
 * caps a profile's link counters (the rotator's queue book) takes one, so "settle first" is a type.
 */
export type SettledProfile = { readonly userId: string; readonly [settled]: true };

/**
 * The unit of work of ONE group-commit transaction of clicks (issue 27; decisions 0064, 0075,
 * 0082), passed to every click work as its argument — never found through the transaction:
 * - the batch's click events, written together just before the COMMIT with what the subscribers
 *   add (one statement on PostgreSQL, db/batch-write.ts), and read by the verdicts meanwhile;
 * - the subscribers' listeners for this batch, to which it publishes the ledger's events;
 * - the profiles' click rules, read once per batch;
 * - one run's link counters held back for the batch's last statement (PostgreSQL).
 * A retried batch is a new transaction and so a new, empty ClickBatch.
 */
export class ClickBatch {
  private readonly events: ClickEventInput[] = [];
  private readonly listeners: BatchListener[];
  private readonly onClick: EventHandler<ClickEventInput>[] = [];
  private readonly rulesOf = new Map<string, Promise<ClickRules>>();
  /** A run's link counters held back for the batch's last statement (PostgreSQL, decision 0082). */
  private owed?: { userId: string; linkId: string; counted: number; all: number };

  constructor(
    readonly trx: DbOrTrx,
    subscribers: readonly LedgerSubscriber[],
  ) {
    this.listeners = subscribers.map((s) => s.open(trx));
    for (const l of this.listeners) if (l.ClickRecorded) this.onClick.push(l.ClickRecorded);
  }

  /**
   * A click's event (ClickRecorded): its row at COMMIT, and every subscriber hears of it now.
   * Synchronous while every subscriber is (the roll-ups, the counters): no promise per click.
   */
  record(e: ClickEventInput): void | Promise<void> {
    this.events.push(e);
    for (let i = 0; i < this.onClick.length; i++) {
      const done = this.onClick[i](e, this.trx);
      if (done instanceof Promise) return this.recordRest(e, done, i + 1);
    }
  }

  private async recordRest(e: ClickEventInput, pending: Promise<unknown>, from: number): Promise<void> {
    await pending;
    for (let i = from; i < this.onClick.length; i++) await this.onClick[i](e, this.trx);
  }

  /**
   * A counted click filled `link` (its row as that click left it, every counter of the batch on
   * it written): LinkFilled, and QueueEmptied when nothing is pending any more. True when a
   * subscriber queued something for the owner (the click's answer says `notified`).
   */
  async linkFilled(link: ClickedLink): Promise<boolean> {
    if (!this.listeners.some((l) => l.LinkFilled || l.QueueEmptied)) return false;
    const next = (await firstPendingLink(this.trx, link.user_id)) ?? null;
    const profileId = link.user_id;
    let notified = await this.publish('LinkFilled', { profileId, link, next: next && { name: next.name, url: next.url } });
    if (!next) notified = (await this.publish('QueueEmptied', { profileId, link })) || notified;
    return notified;
  }

  private async publish<K extends 'LinkFilled' | 'QueueEmptied'>(name: K, event: LedgerEvents[K]): Promise<boolean> {
    let acted = false;
    for (const l of this.listeners) {
      const handle = l[name] as EventHandler<LedgerEvents[K]> | undefined;
      if (handle && (await handle(event, this.trx)) === true) acted = true;
    }
    return acted;
  }

  /** A profile's click rules, read once per batch: the clicks of one batch arrived together. */
  rules(userId: string): Promise<ClickRules> {
    let rules = this.rulesOf.get(userId);
    if (!rules) this.rulesOf.set(userId, (rules = loadClickRules(this.trx, userId)));
    return rules;
  }

  /** Rules a locked read already returned (the page run's one statement, decision 0082). */
  knowRules(userId: string, rules: ClickRules): void {
    if (!this.rulesOf.has(userId)) this.rulesOf.set(userId, Promise.resolve(rules));
  }

  /**
   * The counters of a run of page clicks on one link that leave it pending (decision 0082). On
   * PostgreSQL the run holds the link's row from its locked read to the COMMIT, and every round
   * trip in between is one that another API node clicking the same link waits for: one run per
   * batch is held back and written as the last part of the batch's one statement; any other, and
   * SQLite (in process, no round trip to save), are written at once. Whatever reads or caps the
   * counters of that profile's links first takes `settle(userId)`.
   */
  async addRunClicks(link: { userId: string; linkId: string }, counted: number, all: number): Promise<void> {
    if (this.owed || engineOf(this.trx) !== 'postgres') return addClicks(this.trx, link.linkId, counted, all);
    this.owed = { ...link, counted, all };
  }

  /** Writes the run counters held back for this profile's links, if any: then its counters may be read. */
  async settle(userId: string): Promise<SettledProfile> {
    const owed = this.owed;
    if (owed?.userId === userId) {
      this.owed = undefined;
      await addClicks(this.trx, owed.linkId, owed.counted, owed.all);
    }
    return { userId } as SettledProfile;
  }

  /** A counted click by this visitor on this link since `since`, in this batch or committed before. */
  async countedClickSince(q: { visitor: string; userId: string; linkId: string; since: string }): Promise<boolean> {
    for (const e of this.events)
      if (
        e.tracked &&
        e.verdict === 'counted' &&
        e.visitor === q.visitor &&
        e.userId === q.userId &&
        e.linkId === q.linkId &&
        e.createdAt > q.since
      )
        return true;
    return hasCountedClickSince(this.trx, q);
  }

  /** The link this visitor's latest rotator visit of this profile went to, this batch's visits first. */
  async lastRotatorLinkOf(visitor: string, userId: string): Promise<string | undefined> {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (e.tracked && e.source === 'rotator' && e.linkId !== null && e.visitor === visitor && e.userId === userId) return e.linkId;
    }
    return findLastRotatorLink(this.trx, visitor, userId);
  }

  /**
   * Just before the COMMIT: the events, the subscribers' writes and the held-back counters, in
   * one statement on PostgreSQL (events and roll-ups are written together, or neither).
   */
  async close(): Promise<void> {
    const writes: TableWrite[] = this.events.length ? [clickEventsWrite(this.events)] : [];
    for (const l of this.listeners) if (l.writes) writes.push(...(await l.writes()));
    const { owed } = this;
    this.owed = undefined;
    await writeTogether(this.trx, writes, owed && addClicksClosing(owed.linkId, owed.counted, owed.all));
  }

  /** After the COMMIT. */
  committed(): void {
    for (const l of this.listeners) l.committed?.();
  }
}
