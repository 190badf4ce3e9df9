import type { Db, DbOrTrx } from './database';
import { retryConflicts } from './retry';
import { reportedByOwner } from './watched-dialect';

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
export type Work<T, U = DbOrTrx> = (unit: U) => Promise<T>;

export type Outcome<T = unknown> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Applies, in one go, the works of one key that met in a batch (issue 12: the clicks of a solo-ad
 * blast on one link), in arrival order, with the same result each would have had alone; one
 * outcome per input, a refused input's error being a refusal that wrote nothing. Anything it
 * throws aborts the batch like a failing work.
 */
export type GroupWork<I, T, U = DbOrTrx> = (unit: U, inputs: I[], absorb?: () => I[]) => Promise<Outcome<T>[]>;

/*
 * `absorb()` (decision 0078): the works of the same key and group that were queued AFTER this
 * batch began, taken out of the queue into this batch (up to maxBatch). A group work calls it once
 * it holds its lock: on PostgreSQL with two API nodes clicking one link, a batch waits for the
 * other node's COMMIT, and the clicks that arrived meanwhile would otherwise wait for a batch —
 * and a lock — of their own. They are appended to the inputs (arrival order kept), so the work
 * must answer one outcome for each of them too; a retried transaction runs them again with the rest.
 */

interface Pending<U> {
  key: string;
  seq: number;
  work: Work<unknown, U>;
  /** Set for a work that may be applied together with its key's neighbours. */
  group?: { apply: GroupWork<unknown, unknown, U>; input: unknown };
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * The unit of work of one batch (issue 27: the click ledger's `ClickBatch`): `open` makes it when
 * the batch's transaction opens (again on a retry, with the new transaction — a fresh unit), every
 * work gets it as its argument, `close` runs after the last work inside the transaction (if it
 * throws, the batch fails as a whole), `committed` after the COMMIT, before any caller hears back.
 * Without one, works get the transaction itself.
 */
export interface UnitOfWork<U> {
  open: (trx: DbOrTrx) => U;
  /**
   * The unit reports what its batch writes itself (the click ledger's events, issue 27), so the
   * driver's watch of committed writes (db/watched-dialect.ts) skips the batch's statements.
   */
  reportsItsWrites?: boolean;
  close: (unit: U) => Promise<void>;
  committed?: (unit: U) => void;
}

export interface GroupCommitOptions<U> {
  /** A refusal by the rules, which wrote nothing: the rest of the batch goes on. */
  isRefusal: (err: unknown) => boolean;
  /** Bounds one transaction's length (and so the lock time and the last work's wait). */
  maxBatch?: number;
  unit?: UnitOfWork<U>;
  /** Told of every batch once it committed or failed (issue 28: /metrics). */
  observe?: (batch: { works: number; seconds: number; ok: boolean }) => void;
}

export class GroupCommit<U = DbOrTrx> {
  private queue: Pending<U>[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private seq = 0;
  private readonly maxBatch: number;
  /** Batches committed or failed, and works taken: for tests and diagnostics. */
  readonly stats = { batches: 0, works: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: GroupCommitOptions<U>,
  ) {
    this.maxBatch = options.maxBatch ?? 256;
  }

  /** Resolves with the work's result after its batch has committed; rejects if refused or failed. */
  run<T>(key: string, work: Work<T, U>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ key, seq: this.seq++, work, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  /**
   * As `run`, for a work that `group` can apply together with the other works of the same key
   * and the same `group` in the batch; alone, `group` gets a one-element list.
   */
  runGrouped<I, T>(key: string, input: I, group: GroupWork<I, T, U>): Promise<T> {
    const apply = group as GroupWork<unknown, unknown, U>;
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        key,
        seq: this.seq++,
        work: async (unit) => settle(await apply(unit, [input]))[0],
        group: { apply, input },
        resolve: resolve as (v: unknown) => void,
        reject,
      });
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

  private async commit(batch: Pending<U>[]): Promise<void> {
    const ordered = [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.seq - b.seq));
    const { unit: uow } = this.options;
    let outcomes: Outcome[];
    let committed: U | undefined;
    const started = performance.now();
    const observe = (ok: boolean) => this.options.observe?.({ works: ordered.length, seconds: (performance.now() - started) / 1000, ok });
    try {
      outcomes = await retryConflicts(() =>
        this.db.transaction().execute(async (trx) => {
          if (uow?.reportsItsWrites) await reportedByOwner(trx);
          const unit = uow ? uow.open(trx) : (trx as unknown as U);
          const out: Outcome[] = [];
          for (let i = 0; i < ordered.length;) {
            const run = this.sameGroup(ordered, i);
            if (run.length > 1) {
              const inputs = run.map((p) => p.group!.input);
              const absorb = () => {
                const more = this.takeQueued(run[0], this.maxBatch - ordered.length);
                ordered.splice(i + run.length, 0, ...more);
                run.push(...more);
                return more.map((p) => p.group!.input);
              };
              out.push(...this.checked(await run[0].group!.apply(unit, inputs, absorb), run.length));
            } else out.push(await this.attempt(unit, ordered[i]));
            i += run.length;
          }
          if (uow) await uow.close(unit);
          committed = unit;
          return out;
        }),
      );
    } catch (err) {
      observe(false);
      // `ordered`: the batch and whatever its runs absorbed.
      for (const p of ordered) p.reject(err);
      return;
    }
    observe(true);
    // Only now, after the COMMIT, does any caller hear back.
    if (uow?.committed) uow.committed(committed as U);
    ordered.forEach((p, i) => {
      const o = outcomes[i];
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    });
  }

  /** Takes out of the queue up to `room` works of `first`'s key and group function, in arrival order. */
  private takeQueued(first: Pending<U>, room: number): Pending<U>[] {
    const taken: Pending<U>[] = [];
    if (room <= 0 || !first.group) return taken;
    this.queue = this.queue.filter((p) => {
      const same = taken.length < room && p.key === first.key && p.group?.apply === first.group!.apply;
      if (same) taken.push(p);
      return !same;
    });
    this.stats.works += taken.length;
    return taken;
  }

  /** The works from `i` on that share its key and group function (just `[ordered[i]]` otherwise). */
  private sameGroup(ordered: Pending<U>[], i: number): Pending<U>[] {
    const first = ordered[i];
    let end = i + 1;
    if (first.group)
      while (end < ordered.length && ordered[end].key === first.key && ordered[end].group?.apply === first.group.apply) end++;
    return ordered.slice(i, end);
  }

  private async attempt(unit: U, p: Pending<U>): Promise<Outcome> {
    try {
      return { ok: true, value: await p.work(unit) };
    } catch (err) {
      // Anything but a refusal (the database failing) aborts the whole transaction.
      if (this.options.isRefusal(err)) return { ok: false, error: err };
      throw err;
    }
  }

  /** A group's outcomes; an error that is not a refusal aborts the transaction, as from a lone work. */
  private checked(outcomes: Outcome[], expected: number): Outcome[] {
    if (outcomes.length !== expected) throw new Error(`a group work answered ${outcomes.length} outcomes for ${expected} works`);
    for (const o of outcomes) if (!o.ok && !this.options.isRefusal(o.error)) throw o.error;
    return outcomes;
  }
}

/** A lone grouped work's value, or its refusal thrown as a lone work would throw it. */
function settle<T>(outcomes: Outcome<T>[]): T[] {
  return outcomes.map((o) => {
    if (o.ok) return o.value;
    throw o.error;
  });
}
