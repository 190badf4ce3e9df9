import type { DbOrTrx } from '../../db/database';
import type { TransactionHooks } from '../../db/group-commit';
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
}

const batches = new WeakMap<DbOrTrx, ClickBatch>();

async function writeBatch(trx: DbOrTrx, batch: ClickBatch): Promise<void> {
  // Every event adds to the roll-ups: both are written together, or neither (no events).
  if (batch.events.length) await writeRollups(trx, batch.rollups, [clickEventsWrite(batch.events)]);
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
