import { writeTogether, type TableWrite } from '../../db/batch-write';
import type { DbOrTrx } from '../../db/database';
import type { BatchListener, ConversionRecorded, EventHandler, LedgerEvents, LedgerSubscriber, LinkPaused } from './ledger-events';

/**
 * The ledger's subscribers on a transaction that is not a click batch (issue 30: a conversion;
 * issue 31: a link paused).
 * The same contract as a ClickBatch gives them: each subscriber opens once per transaction, hears
 * the event inside it (its writes ride in that transaction, so they commit with the conversion or
 * not at all), writes what it held back at `close` (just before the COMMIT), and is told at
 * `committed` (after it). A retried transaction opens a new unit.
 */
export class LedgerUnit {
  private readonly listeners: BatchListener[];

  constructor(
    readonly trx: DbOrTrx,
    subscribers: readonly LedgerSubscriber[],
  ) {
    this.listeners = subscribers.map((s) => s.open(trx));
  }

  /** Publishes the conversion; true when a subscriber queued something for the owner. */
  conversionRecorded(event: ConversionRecorded): Promise<boolean> {
    return this.publish('ConversionRecorded', event);
  }

  /** Issue 31: publishes a pause (owner or health check); true when a subscriber queued something. */
  linkPaused(event: LinkPaused): Promise<boolean> {
    return this.publish('LinkPaused', event);
  }

  private async publish<K extends 'ConversionRecorded' | 'LinkPaused'>(name: K, event: LedgerEvents[K]): Promise<boolean> {
    let acted = false;
    for (const l of this.listeners) {
      const handle = l[name] as EventHandler<LedgerEvents[K]> | undefined;
      if (handle && (await handle(event, this.trx)) === true) acted = true;
    }
    return acted;
  }

  /** Just before the COMMIT: what the subscribers held back. */
  async close(): Promise<void> {
    const writes: TableWrite[] = [];
    for (const l of this.listeners) if (l.writes) writes.push(...(await l.writes()));
    if (writes.length) await writeTogether(this.trx, writes);
  }

  /** After the COMMIT. */
  committed(): void {
    for (const l of this.listeners) l.committed?.();
  }
}
