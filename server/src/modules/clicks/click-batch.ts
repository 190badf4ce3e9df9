import type { DbOrTrx } from '../../db/database';
import { engineOf } from '../../db/dialect-sql';
import type { TransactionHooks } from '../../db/group-commit';
import { addClicks, addClicksClosing } from '../links/links.repository';
import { RollupBatch } from '../stats/rollup-batch';
import { writeRollups } from '../stats/rollups-write.repository';
import { clickEventsWrite, findLastRotatorLink, hasCountedClickSince, type ClickEventInput } from './click-events.repository';

/**
 * The click events of one group-commit transaction and their roll-ups (decisions 0064, 0075):
 * every click, from the page or the rotator, adds its event here, and the batch writes them all
 * just before its COMMIT — one multi-row INSERT and a few roll-up upserts per batch instead of
 * statements per click. Events and roll-ups commit with the clicks or not at all; a retried batch
 * gets a new transaction, so a new, empty batch.
 */
interface ClickBatch {
  events: ClickEventInput[];
  rollups: RollupBatch;
  /** A run's link counters held back for the batch's last statement (PostgreSQL, decision 0082). */
  owed?: { userId: string; linkId: string; counted: number; all: number };
}

const batches = new WeakMap<DbOrTrx, ClickBatch>();
/** The events a transaction wrote, until its COMMIT is known (issue 28: clickListeners). */
const written = new WeakMap<DbOrTrx, ClickEventInput[]>();
/** Told of every click once its batch committed (issue 28: /metrics counts clicks here, in one place). */
export const clickListeners: Array<(events: readonly ClickEventInput[]) => void> = [];

async function writeBatch(trx: DbOrTrx, batch: ClickBatch): Promise<void> {
  const { owed } = batch;
  const closing = owed && addClicksClosing(owed.linkId, owed.counted, owed.all);
  // Every event adds to the roll-ups: both are written together, or neither (no events).
  if (batch.events.length) await writeRollups(trx, batch.rollups, [clickEventsWrite(batch.events)], closing);
  else await closing?.alone(trx);
}

/** Installed on the app's group commit (app.ts). */
export const clickBatchHooks: TransactionHooks = {
  begin: (trx) => {
    batches.set(trx, { events: [], rollups: new RollupBatch() });
  },
  beforeCommit: async (trx) => {
    const batch = batches.get(trx);
    batches.delete(trx);
    if (batch) await writeBatch(trx, batch);
    if (batch && clickListeners.length) written.set(trx, batch.events);
  },
  committed: (trx) => {
    const events = written.get(trx);
    if (events) for (const listener of clickListeners) listener(events);
  },
};

/**
 * Records one click event: into the group commit's batch when there is one, otherwise written at
 * once (a transaction opened elsewhere, e.g. a test).
 */
export async function recordClickEvent(trx: DbOrTrx, e: ClickEventInput): Promise<void> {
  const batch = batches.get(trx);
  if (!batch) {
    const rollups = new RollupBatch();
    rollups.add(e);
    return writeBatch(trx, { events: [e], rollups });
  }
  batch.events.push(e);
  batch.rollups.add(e);
}

/**
 * The counters of a run of page clicks on one link (decision 0082). On PostgreSQL the run holds
 * the link's row from its locked read to the COMMIT, and every round trip in between is one that
 * another API node clicking the same link waits for: the batch writes them as the last part of
 * its one statement of events and roll-ups. One run per batch is held back (a blast clicks one
 * link); any other, and SQLite (in process, no round trip to save), write at once.
 * A run may hold back only counters that leave its link pending: the queue's head is the same
 * with or without them, so the batch's other page runs decide the same. What reads or caps the
 * counters themselves (a rotator run of the same profile) calls settleRunClicks first.
 */
export async function addRunClicks(trx: DbOrTrx, link: { userId: string; linkId: string }, counted: number, all: number): Promise<void> {
  const batch = batches.get(trx);
  if (!batch || batch.owed || engineOf(trx) !== 'postgres') return addClicks(trx, link.linkId, counted, all);
  batch.owed = { ...link, counted, all };
}

/**
 * Writes the run counters this batch holds back for this profile's links. A batch orders its
 * runs with the rotator's before the page clicks of the same profile (links/click-keys.ts), so
 * this writes only when that order changes — and then it keeps the rotator's caps exact.
 */
export async function settleRunClicks(trx: DbOrTrx, userId: string): Promise<void> {
  const batch = batches.get(trx);
  if (!batch?.owed || batch.owed.userId !== userId) return;
  const { linkId, counted, all } = batch.owed;
  batch.owed = undefined;
  await addClicks(trx, linkId, counted, all);
}

/** This transaction's events not written yet, newest last: reads about visitors must see them too. */
const pending = (trx: DbOrTrx): readonly ClickEventInput[] => batches.get(trx)?.events ?? [];

/** A counted click by this visitor on this link since `since`, in this batch or committed before. */
export async function countedClickSince(
  trx: DbOrTrx,
  q: { visitor: string; userId: string; linkId: string; since: string },
): Promise<boolean> {
  const inBatch = pending(trx).some(
    (e) =>
      e.tracked &&
      e.verdict === 'counted' &&
      e.visitor === q.visitor &&
      e.userId === q.userId &&
      e.linkId === q.linkId &&
      e.createdAt > q.since,
  );
  return inBatch || hasCountedClickSince(trx, q);
}

/** The link this visitor's latest rotator visit of this profile went to, this batch's visits first. */
export async function lastRotatorLinkOf(trx: DbOrTrx, visitor: string, userId: string): Promise<string | undefined> {
  const events = pending(trx);
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.tracked && e.source === 'rotator' && e.linkId !== null && e.visitor === visitor && e.userId === userId) return e.linkId;
  }
  return findLastRotatorLink(trx, visitor, userId);
}
