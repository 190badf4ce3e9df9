import type { Db, DbOrTrx } from './database';
import { retryConflicts } from './retry';

/**
 * Group commit (issue 7), for any short write that many requests make at once (a visitor's click,
 * a rotator redirect). One transaction per request spends most of its time on BEGIN/COMMIT (and,
 * on PostgreSQL, on the WAL flush of every COMMIT); here the works that arrive while the previous
 * batch is committing — or within the same tick — run together in ONE transaction:
 *
 * - each work runs its own atomic statement(s), in order, so every rule (a click cap, the queue
 *   head) is decided exactly as it would be alone;
 * - a work the rules refuse (`isRefusal(err)`, e.g. a 404/409 domain error) is refused alone: it
 *   must have written nothing before refusing;
 * - every answer waits for the COMMIT: an acknowledged write is durable, and if the transaction
 *   fails (any other error), every work in it is rejected with that error — none was applied.
 *
 * Within a batch, works run in key order (arrival order per key). They arrived concurrently, so
 * any order among different keys is a valid one; a fixed order makes two API nodes sharing
 * PostgreSQL lock rows in the same order, so their batches cannot deadlock. Other writers of the
 * same rows take them in that order too (an admin's delete: modules/admin/remove-user.ts).
 *
 * A batch PostgreSQL aborts as a deadlock or serialisation failure (db/retry.ts) was rolled back
 * whole, so it is run again, transparently, a bounded number of times: no work is applied twice
 * and no caller hears of it. Works must therefore write only through the transaction they get.
 */
export type Work<T> = (trx: DbOrTrx) => Promise<T>;

interface Pending {
  key: string;
  seq: number;
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Work a batch does once, around its works (the click roll-ups of issue 15): `begin` when its
 * transaction opens (again on a retry, with the new transaction), `beforeCommit` after the last
 * work, inside the transaction; if that throws, the batch fails as a whole.
 */
export interface TransactionHooks {
  begin: (trx: DbOrTrx) => void;
  beforeCommit: (trx: DbOrTrx) => Promise<void>;
}

export interface GroupCommitOptions {
  /** A refusal by the rules, which wrote nothing: the rest of the batch goes on. */
  isRefusal: (err: unknown) => boolean;
  /** Bounds one transaction's length (and so the lock time and the last work's wait). */
  maxBatch?: number;
  hooks?: TransactionHooks;
}

export class GroupCommit {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private seq = 0;
  private readonly maxBatch: number;
  /** Batches committed or failed, and works taken: for tests and diagnostics. */
  readonly stats = { batches: 0, works: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: GroupCommitOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 256;
  }

  /** Resolves with the work's result after its batch has committed; rejects if refused or failed. */
  run<T>(key: string, work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ key, seq: this.seq++, work, resolve: resolve as (v: unknown) => void, reject });
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
    // setImmediate: the requests parsed in this same turn of the event loop join the batch;
    // under load, the ones arriving during a COMMIT form the next batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.stats.batches++;
    this.stats.works += batch.length;
    const run = this.commit(batch);
    this.flushing = run;
    await run;
    this.flushing = null;
    if (this.queue.length) this.schedule();
  }

  private async commit(batch: Pending[]): Promise<void> {
    const ordered = [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.seq - b.seq));
    let outcomes: Outcome[];
    try {
      outcomes = await retryConflicts(() =>
        this.db.transaction().execute(async (trx) => {
          this.options.hooks?.begin(trx);
          const out: Outcome[] = [];
          for (const p of ordered) {
            try {
              out.push({ ok: true, value: await p.work(trx) });
            } catch (err) {
              // Anything but a refusal (the database failing) aborts the whole transaction.
              if (this.options.isRefusal(err)) out.push({ ok: false, error: err });
              else throw err;
            }
          }
          await this.options.hooks?.beforeCommit(trx);
          return out;
        }),
      );
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    // Only now, after the COMMIT, does any caller hear back.
    ordered.forEach((p, i) => {
      const o = outcomes[i];
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    });
  }
}
