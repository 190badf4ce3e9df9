import type { Db, DbOrTrx } from '../../db/database';
import { HttpError } from '../../errors';

/**
 * Group commit for visitor clicks (issue 7). One transaction per click spends most of its time
 * on BEGIN/COMMIT (and, on PostgreSQL, on the WAL flush of every COMMIT); here the clicks that
 * arrive while the previous batch is committing — or within the same tick — are applied
 * together in ONE transaction:
 *
 * - each click still runs the same atomic per-click statement (`apply`), in order, so every cap
 *   and the queue-head rule are decided exactly as before, click by click;
 * - a click the rules refuse (an HttpError from `apply`) is refused alone: it wrote nothing;
 * - every answer waits for the COMMIT: an acknowledged click is durable, and if the transaction
 *   fails (any other error), every click in it is rejected with that error — none was counted.
 *
 * Within a batch, clicks are applied in link-id order (arrival order per link). Clicks in one batch
 * arrived concurrently, so any order among different links is a valid one; a fixed order makes
 * two API nodes sharing PostgreSQL lock rows in the same order, so their batches cannot deadlock.
 */
export type ApplyClick<T> = (trx: DbOrTrx, linkId: string) => Promise<T>;

interface Pending<T> {
  linkId: string;
  seq: number;
  resolve: (value: T) => void;
  reject: (err: unknown) => void;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: HttpError };

export class ClickBatcher<T> {
  private queue: Pending<T>[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private seq = 0;
  /** Batches committed or failed, and clicks taken: for tests and diagnostics. */
  readonly stats = { batches: 0, clicks: 0 };

  constructor(
    private readonly db: Db,
    private readonly apply: ApplyClick<T>,
    /** Bounds one transaction's length (and so the lock time and the last click's wait). */
    private readonly maxBatch = 256,
  ) {}

  /** Resolves with the click's result after its batch has committed; rejects if refused or failed. */
  click(linkId: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ linkId, seq: this.seq++, resolve, reject });
      this.schedule();
    });
  }

  /** Applies whatever is queued (used when the app closes). */
  async drain(): Promise<void> {
    while (this.flushing || this.queue.length) {
      if (this.flushing) await this.flushing;
      else await this.flush();
    }
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    // setImmediate: the clicks whose requests are parsed in this same turn of the event loop
    // join the batch; under load, the ones arriving during a COMMIT form the next batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.stats.batches++;
    this.stats.clicks += batch.length;
    const run = this.commit(batch);
    this.flushing = run;
    await run;
    this.flushing = null;
    if (this.queue.length) this.schedule();
  }

  private async commit(batch: Pending<T>[]): Promise<void> {
    const ordered = [...batch].sort((a, b) => (a.linkId < b.linkId ? -1 : a.linkId > b.linkId ? 1 : a.seq - b.seq));
    let outcomes: Outcome<T>[];
    try {
      outcomes = await this.db.transaction().execute(async (trx) => {
        const out: Outcome<T>[] = [];
        for (const p of ordered) {
          try {
            out.push({ ok: true, value: await this.apply(trx, p.linkId) });
          } catch (err) {
            // A refusal by the rules (404, 409) wrote nothing: the rest of the batch goes on.
            // Anything else (the database failing) aborts the whole transaction.
            if (err instanceof HttpError) out.push({ ok: false, error: err });
            else throw err;
          }
        }
        return out;
      });
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    // Only now, after the COMMIT, does any visitor hear back.
    ordered.forEach((p, i) => {
      const o = outcomes[i];
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    });
  }
}
