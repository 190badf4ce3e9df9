import type { LedgerSubscriber } from '../traffic';
import { RollupBatch } from './rollup-batch';
import { rollupWrites } from './rollups-write.repository';

/**
 * The roll-ups (issue 15, decisions 0064 and 0075) as a subscriber of the click ledger (issue
 * 27): every ClickRecorded of a batch adds to the batch's sums, in memory (a synchronous handler:
 * it runs once per click), and the sums are handed to the ledger just before the COMMIT, to be
 * written with the batch's click events — so roll-ups always equal the events.
 */
export const clickRollups: LedgerSubscriber = {
  name: 'stats roll-ups',
  open: (trx) => {
    const rollups = new RollupBatch();
    return {
      ClickRecorded: (e) => rollups.add(e),
      writes: async () => (rollups.empty ? [] : rollupWrites(trx, rollups)),
    };
  },
};
