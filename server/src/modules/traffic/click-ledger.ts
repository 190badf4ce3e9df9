import type { Db, DbOrTrx } from '../../db/database';
import { GroupCommit, type GroupCommitOptions, type UnitOfWork } from '../../db/group-commit';
import { ClickBatch } from './click-batch';
import { pageClickKey, rotatorClickKey } from './click-keys';
import type { LedgerSubscriber } from './ledger-events';
import { LedgerUnit } from './ledger-unit';
import { chanceFrom, type Chance } from './optimize';
import { NotFound } from '../../errors';
import { linkOwner } from './link-owners';
import { applyPageClicks, LINK_NOT_FOUND, type PageClick } from './page-click';
import { followRotatorRun, type Destination, type RotatorVisit } from './rotator-visit';
import type { Visit } from './verdict';

export interface LedgerOptions {
  /** A refusal by the rules (a 404/409 domain error), which wrote nothing: the rest of the batch goes on. */
  isRefusal: (err: unknown) => boolean;
  maxBatch?: number;
  /** Told of every batch once it committed or failed: size and commit latency (issue 28: /metrics). */
  observe?: GroupCommitOptions<ClickBatch>['observe'];
  /** The uniform [0, 1) source of the modes that draw (random, optimize); Math.random unless a test seeds it. */
  random?: () => number;
}

/**
 * The click ledger (issue 27): the one door through which a click — from the public page or the
 * rotator link — is decided, counted, recorded and committed. It owns the group commit of clicks
 * (db/group-commit.ts) and gives each batch's works their ClickBatch; the works' keys are made
 * here only (click-keys.ts), so every batch takes its row locks in the one global order.
 * Subscribers (roll-ups, owner notices, the public cache) are registered at start-up (app.ts) and
 * hear the ledger's events inside each batch's transaction (ledger-events.ts).
 */
export class ClickLedger {
  private readonly subscribers: LedgerSubscriber[] = [];
  private readonly commits: GroupCommit<ClickBatch>;
  private readonly chance: Chance;
  /**
   * One batch: opened with its transaction, closed (events and subscriber writes) just before
   * the COMMIT, told after it. The seam for batch metrics (batch size, commit latency): wrap these three.
   */
  readonly unit: UnitOfWork<ClickBatch> = {
    open: (trx) => new ClickBatch(trx, this.subscribers),
    // Whatever a batch changes, its events tell (ClickRecorded names each click's profile): the
    // keepers of copies (the public answer cache) hear it from them, not from the driver.
    reportsItsWrites: true,
    close: (batch) => batch.close(),
    committed: (batch) => batch.committed(),
  };

  constructor(
    private readonly db: Db,
    options: LedgerOptions,
  ) {
    const { isRefusal, maxBatch, observe } = options;
    this.chance = chanceFrom(options.random ?? Math.random);
    this.commits = new GroupCommit(db, { isRefusal, maxBatch, observe, unit: this.unit });
  }

  /** Registers a subscriber for every later batch (at start-up, before the first click). */
  subscribe(subscriber: LedgerSubscriber): void {
    this.subscribers.push(subscriber);
  }

  /**
   * The subscribers on a transaction of another kind (issue 30: a conversion) — publish in it,
   * `close()` before its COMMIT, `committed()` after (ledger-unit.ts).
   */
  openUnit(trx: DbOrTrx): LedgerUnit {
    return new LedgerUnit(trx, this.subscribers);
  }

  /** Batches committed or failed, and clicks taken (tests, diagnostics). */
  get stats(): { batches: number; works: number } {
    return this.commits.stats;
  }

  /**
   * A visitor's click on the public page: resolves once its batch has committed (durable), or
   * rejects with the reason it was refused (404 unknown link, 409 completed / not the head / paused).
   */
  pageClick(o: { linkId: string; visit: Visit; now?: Date }): Promise<PageClick> {
    const owner = linkOwner(this.db, o.linkId);
    return typeof owner === 'string' || owner === undefined
      ? this.queuePageClick(owner, o)
      : owner.then((id) => this.queuePageClick(id, o));
  }

  private queuePageClick(userId: string | undefined, o: { linkId: string; visit: Visit; now?: Date }): Promise<PageClick> {
    if (userId === undefined) return Promise.reject(new NotFound(LINK_NOT_FOUND));
    const input = { linkId: o.linkId, userId, visit: o.visit, now: o.now ?? new Date() };
    return this.commits.runGrouped(pageClickKey(userId, o.linkId), input, applyPageClicks);
  }

  /** A rotator visit: resolves once its batch has committed. Undefined: no such profile. */
  rotatorVisit(v: RotatorVisit): Promise<Destination | undefined> {
    return this.commits.runGrouped(rotatorClickKey(v.userId), { ...v, chance: this.chance }, followRotatorRun);
  }

  /** Applies whatever is queued (the app closing). */
  drain(): Promise<void> {
    return this.commits.drain();
  }
}
