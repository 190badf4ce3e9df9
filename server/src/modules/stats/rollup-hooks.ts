import type { DbOrTrx } from '../../db/database';
import type { TransactionHooks } from '../../db/group-commit';
import { RollupBatch, type RollupEvent } from './rollup-batch';
import { writeRollups } from './rollups-write.repository';

/** The open roll-up batch of each group-commit transaction (a retried batch gets a new transaction, so a new batch). */
const batches = new WeakMap<DbOrTrx, RollupBatch>();

/**
 * Installed on the app's group commit (app.ts): every batch transaction collects the roll-up
 * deltas of its click events and writes them just before its COMMIT — so roll-ups and events
 * commit together or not at all (decision 0064).
 */
export const clickRollupHooks: TransactionHooks = {
  begin: (trx) => {
    batches.set(trx, new RollupBatch());
  },
  beforeCommit: async (trx) => {
    const batch = batches.get(trx);
    batches.delete(trx);
    if (batch && !batch.empty) await writeRollups(trx, batch);
  },
};

/**
 * Adds one click event to the roll-ups of its transaction: to the group commit's batch when
 * there is one, otherwise written at once (a transaction opened elsewhere, e.g. a test).
 */
export async function rollUp(trx: DbOrTrx, e: RollupEvent): Promise<void> {
  const batch = batches.get(trx);
  if (batch) return batch.add(e);
  const single = new RollupBatch();
  single.add(e);
  await writeRollups(trx, single);
}
