import type { LedgerSubscriber } from '../../traffic';
import type { ChangeFeed } from './change-feed';

/**
 * The public answer cache as a subscriber of the click ledger (issue 27): a batch's clicks name
 * their profiles (ClickRecorded, page or rotator, counted or not — whatever a batch writes to a
 * profile's links, a rotator restart included, comes with a click of that profile), and those
 * profiles' answers are dropped after the COMMIT, before any click of the batch is answered —
 * here and, through the change feed, on the other API nodes. The ledger's batches are skipped by
 * the driver's watch (UnitOfWork.reportsItsWrites): this is the one report of a click.
 */
export function publicAnswersOnClicks(feed: ChangeFeed): LedgerSubscriber {
  return {
    name: 'public answer cache',
    open: () => {
      let profiles: Set<string> | undefined;
      let last: string | undefined;
      return {
        // Synchronous, once per click: a batch is mostly one profile's clicks, so the set is made once.
        ClickRecorded: (e) => {
          if (e.userId === last) return;
          last = e.userId;
          (profiles ??= new Set()).add(e.userId);
        },
        committed: () => {
          if (profiles) feed.written(profiles);
        },
      };
    },
  };
}
