import type { DbOrTrx } from '../../db/database';
import { engineOf } from '../../db/dialect-sql';
import { perTransaction } from '../../db/per-transaction';
import { addClicks, addUncountedClick, clickIfBelowCap, type ClickedLink } from '../links/links.repository';
import { filledBy } from '../notifications/link-filled';
import { lockProfileQueue, readProfileQueue, type ProfileQueue, type QueueLink } from './rotator.repository';

/** A counted click: the link's new count, and its whole row when this click filled it (the owner's mail). */
export interface CountedClick {
  clicks: number;
  filled?: ClickedLink;
}

/**
 * How the rotator visits of one profile in a group-commit batch read the profile's queue and
 * write their clicks (issues 12 and 14). Two books keep the same rules:
 * - PostgreSQL (`LockedBook`): one capped UPDATE per counted visit. The queue is read once under
 *   the profile's row lock, but another API node's page click may fill a link meanwhile (page
 *   clicks lock the link, not the profile), so the cap is checked by the statement itself and a
 *   refused visit reads the queue again.
 * - SQLite (`DeferredBook`): a transaction holds the database's only write lock, so the queue read
 *   at the start of the run stays exact until the run writes. The visits are decided against it
 *   in memory and each link gets ONE update of its counters at the end of the run — as a run of
 *   page clicks does (decision 0075) — instead of an UPDATE per visit (decision 0081).
 */
export interface QueueBook {
  /** The queue as the run's clicks so far left it; undefined: no such profile. */
  queue(userId: string): Promise<ProfileQueue | undefined>;
  /** The queue read from the database again (after a refused click), kept for the run's next visits. */
  reread(userId: string): Promise<ProfileQueue | undefined>;
  /** Keeps the queue after a click (undefined: read it again next time). */
  remember(userId: string, queue: ProfileQueue | undefined): void;
  /** A counted click on the chosen link; undefined when the cap (or a pause) refused it. */
  count(link: QueueLink, afterRestart: boolean): Promise<CountedClick | undefined>;
  /** A click that does not count (a bot, a repeat): only the link's total of all clicks. */
  touch(linkId: string): Promise<void>;
  /** Writes what the book holds back; before any statement that reads or rewrites the links, and at the run's end. */
  settle(): Promise<void>;
}

/** The queues a transaction has locked (PostgreSQL): the lock holds until its COMMIT, so later visits of the batch reuse the read. */
const lockedQueues = perTransaction(() => new Map<string, ProfileQueue>());

class LockedBook implements QueueBook {
  constructor(private readonly trx: DbOrTrx) {}

  async queue(userId: string): Promise<ProfileQueue | undefined> {
    const known = lockedQueues(this.trx);
    const cached = known.get(userId);
    if (cached) return cached;
    const queue = await lockProfileQueue(this.trx, userId);
    if (queue) known.set(userId, queue);
    return queue;
  }

  async reread(userId: string): Promise<ProfileQueue | undefined> {
    const queue = await readProfileQueue(this.trx, userId);
    this.remember(userId, queue);
    return queue;
  }

  remember(userId: string, queue: ProfileQueue | undefined): void {
    if (queue) lockedQueues(this.trx).set(userId, queue);
    else lockedQueues(this.trx).delete(userId);
  }

  async count(link: QueueLink): Promise<CountedClick | undefined> {
    return counted(await clickIfBelowCap(this.trx, link.id));
  }

  touch(linkId: string): Promise<void> {
    return addUncountedClick(this.trx, linkId);
  }

  async settle(): Promise<void> {}
}

class DeferredBook implements QueueBook {
  private readonly queues = new Map<string, ProfileQueue>();
  /** Per link: counted clicks and all clicks decided but not written yet. */
  private readonly owed = new Map<string, { counted: number; all: number }>();

  constructor(private readonly trx: DbOrTrx) {}

  async queue(userId: string): Promise<ProfileQueue | undefined> {
    return this.queues.get(userId) ?? this.reread(userId);
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

  async count(link: QueueLink, afterRestart: boolean): Promise<CountedClick | undefined> {
    // The click that fills the link (or follows a restart, whose counts the queue no longer
    // shows) goes through the capped statement, after what is owed: the owner's mail reads the
    // link's row and the queue as that click leaves them.
    if (afterRestart || (link.max_clicks !== null && link.clicks + 1 >= link.max_clicks)) {
      await this.settle();
      return counted(await clickIfBelowCap(this.trx, link.id));
    }
    this.owe(link.id, 1);
    return { clicks: link.clicks + 1 };
  }

  async touch(linkId: string): Promise<void> {
    this.owe(linkId, 0);
  }

  async settle(): Promise<void> {
    for (const [linkId, { counted, all }] of this.owed) await addClicks(this.trx, linkId, counted, all);
    this.owed.clear();
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

/** The book for a run of one profile's visits in this transaction. */
export function queueBook(trx: DbOrTrx): QueueBook {
  return engineOf(trx) === 'sqlite' ? new DeferredBook(trx) : new LockedBook(trx);
}
