import type { DbOrTrx } from '../../db/database';
import { engineOf } from '../../db/dialect-sql';
import type { SettledProfile } from './click-batch';
import { addClicks, clickIfBelowCap, filledBy, lockLinkCounts, type ClickedLink } from './link-clicks.repository';
import { lockProfileQueue, readProfileQueue, type ProfileQueue, type QueueLink } from './profile-queue.repository';
import { readLinkEarnings } from './link-earnings.repository';
import type { LinkEarnings } from './optimize';

/** A counted click: the link's new count, and its whole row when this click filled it (the owner's mail). */
export interface CountedClick {
  clicks: number;
  filled?: ClickedLink;
}

/**
 * How the rotator visits of one profile in a group-commit batch read the profile's queue and
 * write their clicks (issues 12 and 14; decisions 0081, 0086). The queue is read once per run
 * (under the profile's row lock on PostgreSQL), the visits are decided against it in memory, and
 * each link gets ONE update of its counters at the end of the run — as a run of page clicks does
 * (decision 0075) — instead of an UPDATE per visit. The in-memory decision is exact because no
 * one else can click a link the run has counted on before the COMMIT:
 * - SQLite: a transaction holds the database's only write lock.
 * - PostgreSQL: page clicks lock the link, not the profile, so another node may have moved a link
 *   since the queue was read. The run's first counted visit of each link locks that link's row
 *   and reads its count again (`lockLinkCounts`); a link that filled or paused meanwhile refuses
 *   the visit, and the queue is read again.
 */
export interface QueueBook {
  /** The queue as the run's clicks so far left it (at once when the run read it); undefined: no such profile. */
  queue(userId: string): ProfileQueue | Promise<ProfileQueue | undefined>;
  /** The queue read from the database again (after a refused click), kept for the run's next visits. */
  reread(userId: string): Promise<ProfileQueue | undefined>;
  /** Keeps the queue after a click (undefined: read it again next time). */
  remember(userId: string, queue: ProfileQueue | undefined): void;
  /**
   * A counted click on the chosen link; undefined when the cap (or a pause) refused it. At once
   * (no promise) for a click that only adds to what the run owes the link: most of a run's.
   */
  count(link: QueueLink, afterRestart: boolean): CountedClick | Promise<CountedClick | undefined>;
  /** A click that does not count (a bot, a repeat): only the link's total of all clicks. */
  touch(linkId: string): void;
  /** Writes what the book holds back; before any statement that reads or rewrites the links, and at the run's end. */
  settle(): Promise<void>;
  /** Optimize (issue 30): what each link earned, read once per run. */
  earnings(userId: string): Promise<ReadonlyMap<string, LinkEarnings>>;
}

class DeferredBook implements QueueBook {
  private readonly queues = new Map<string, ProfileQueue>();
  /** Per link: counted clicks and all clicks decided but not written yet. */
  private readonly owed = new Map<string, { counted: number; all: number }>();
  /** PostgreSQL: links whose rows this transaction has locked, with their count as read then. */
  private readonly locked = new Set<string>();
  private readonly earned = new Map<string, Promise<Map<string, LinkEarnings>>>();

  constructor(
    private readonly trx: DbOrTrx,
    private readonly lockLinks: boolean,
  ) {}

  queue(userId: string): ProfileQueue | Promise<ProfileQueue | undefined> {
    return this.queues.get(userId) ?? this.firstRead(userId);
  }

  /** The run's first read takes the profile's lock (PostgreSQL; a no-op read lock on SQLite). */
  private async firstRead(userId: string): Promise<ProfileQueue | undefined> {
    const queue = await lockProfileQueue(this.trx, userId);
    this.remember(userId, queue);
    return queue;
  }

  async reread(userId: string): Promise<ProfileQueue | undefined> {
    await this.settle();
    const queue = await readProfileQueue(this.trx, userId);
    this.remember(userId, queue);
    return queue;
  }

  remember(userId: string, queue: ProfileQueue | undefined): void {
    if (queue) this.queues.set(userId, queue);
    else this.queues.delete(userId);
  }

  count(chosen: QueueLink, afterRestart: boolean): CountedClick | Promise<CountedClick | undefined> {
    if (this.lockLinks && !this.locked.has(chosen.id)) return this.current(chosen).then((link) => link && this.countOn(link, afterRestart));
    return this.countOn(chosen, afterRestart);
  }

  private countOn(link: QueueLink, afterRestart: boolean): CountedClick | Promise<CountedClick | undefined> {
    // The click that fills the link (or follows a restart, whose counts the queue no longer
    // shows) goes through the capped statement, after what is owed: the owner's mail reads the
    // link's row and the queue as that click leaves them.
    if (afterRestart || (link.max_clicks !== null && link.clicks + 1 >= link.max_clicks)) return this.cappedClick(link.id);
    this.owe(link.id, 1);
    return { clicks: link.clicks + 1 };
  }

  private async cappedClick(linkId: string): Promise<CountedClick | undefined> {
    await this.settle();
    return counted(await clickIfBelowCap(this.trx, linkId));
  }

  earnings(userId: string): Promise<ReadonlyMap<string, LinkEarnings>> {
    let known = this.earned.get(userId);
    if (!known) this.earned.set(userId, (known = readLinkEarnings(this.trx, userId)));
    return known;
  }

  touch(linkId: string): void {
    this.owe(linkId, 0);
  }

  async settle(): Promise<void> {
    for (const [linkId, { counted, all }] of this.owed) await addClicks(this.trx, linkId, counted, all);
    this.owed.clear();
  }

  /**
   * The chosen link as it stands now. On PostgreSQL its first counted visit in the transaction
   * locks its row and reads it again, with what the run owes it added; undefined when it filled or
   * paused since the queue was read (the caller reads the queue again).
   */
  private async current(chosen: QueueLink): Promise<QueueLink | undefined> {
    const now = await lockLinkCounts(this.trx, chosen.id);
    this.locked.add(chosen.id);
    if (!now || now.paused) return undefined;
    const clicks = now.clicks + (this.owed.get(chosen.id)?.counted ?? 0);
    if (now.max_clicks !== null && clicks >= now.max_clicks) return undefined;
    return { ...chosen, clicks, max_clicks: now.max_clicks };
  }

  private owe(linkId: string, counted: number): void {
    const owed = this.owed.get(linkId) ?? { counted: 0, all: 0 };
    owed.counted += counted;
    owed.all += 1;
    this.owed.set(linkId, owed);
  }
}

function counted(row: ClickedLink | undefined): CountedClick | undefined {
  return row && { clicks: Number(row.clicks), filled: filledBy(row) ? row : undefined };
}

/**
 * The book for a run of one profile's visits in this transaction. It reads and caps that
 * profile's link counters, so it needs the proof that the batch wrote what it held back for the
 * profile (ClickBatch.settle, decision 0082) — "settle first" as a type, not a comment.
 */
export function queueBook(trx: DbOrTrx, _profile: SettledProfile): QueueBook {
  return new DeferredBook(trx, engineOf(trx) === 'postgres');
}
