import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTrx } from '../../db/database';
import { newId } from '../../db/ids';
import type { MailMessage, Mailer } from '../mail';
import { claimDueRows, finishRow, insertOutboxRow, releaseRowsWaitingForServer, retryRowAt } from './outbox.repository';
import { OutboxSeal } from './outbox-seal';
import type { OutboxRow } from './outbox.table';
import { failureOf, nextAttemptAt, UNREACHABLE } from './retry-policy';

/** A mail ready to go, and what to undo when it could not be sent (a reset token made for it). */
export interface RenderedMail {
  /** Names the mail in logs: `<what> mail could not be sent`. */
  what: string;
  mail: MailMessage;
  undo?: () => Promise<void>;
}

export interface RenderContext {
  db: Db;
  log: FastifyBaseLogger;
  /** 'outbox': nobody receives the mail (a local install); a kind may log its link then. */
  mailerKind: Mailer['kind'];
  row: OutboxRow;
}

/** Turns a kind's payload into the mail to send now; undefined: nothing to send any more. */
export type Renderer<P> = (payload: P, ctx: RenderContext) => Promise<RenderedMail | undefined>;

/**
 * What a task did with its row (issue 31: a webhook delivery is a row of the outbox, not a mail):
 * 'done' (or 'skipped': nothing to do any more), or a failure retried on the outbox's schedule
 * unless `final`.
 */
export type TaskOutcome = { status: 'done' | 'skipped' } | { status: 'failed'; error: string; final?: boolean };

export interface TaskContext extends RenderContext {
  /** When the outbox would try again after a failure now (null: it gives up). */
  retryAt: Date | null;
}

/** Does a row's work itself (an HTTP call); must not throw for a failure it can describe. */
export type Task<P> = (payload: P, ctx: TaskContext) => Promise<TaskOutcome>;

export interface QueuedMail<P> {
  kind: string;
  payload: P;
  /** The account the mail is about: its deletion drops the mail. */
  userId?: string | null;
  /** One fact, one mail: a second row with the same key is not written. */
  dedupeKey?: string | null;
}

export interface OutboxOptions {
  log: FastifyBaseLogger;
  /** JWT_SECRET: seals payloads (outbox-seal.ts). */
  secret: string;
  pollMs: number;
  leaseMs: number;
  retryBaseMs: number;
}

/** The prepared mail kind: the payload is the message itself (welcome, receipt, email change). */
export const MAIL_KIND = 'mail';

/**
 * The transactional outbox (issue 16). `enqueue` writes a row in the caller's transaction (or
 * alone), so the mail exists exactly when the change it tells about committed. The worker on
 * every node leases due rows (outbox.repository.ts), renders and sends each, marks it sent, and
 * retries failures with backoff (retry-policy.ts). While the mail server is unreachable it stops
 * trying rows and probes the server every poll instead; once it answers, the waiting rows go out.
 */
export class Outbox {
  private readonly renderers = new Map<string, Renderer<never>>();
  private readonly tasks = new Map<string, Task<never>>();
  private readonly owner = newId();
  private readonly seal: OutboxSeal;
  private timer?: NodeJS.Timeout;
  private pumping = false;
  private again = false;
  private stopped = false;
  private serverDown = false;
  private idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: OutboxOptions,
  ) {
    this.seal = new OutboxSeal(options.secret);
    this.kind<{ what: string; mail: MailMessage }>(MAIL_KIND, async (p) => ({ what: p.what, mail: p.mail }));
  }

  /** Registers how a kind of row becomes a mail (each module registers its own while the app is built). */
  kind<P>(name: string, renderer: Renderer<P>): void {
    if (this.renderers.has(name) || this.tasks.has(name)) throw new Error(`outbox kind ${name} is already registered`);
    this.renderers.set(name, renderer as Renderer<never>);
  }

  /**
   * Registers a kind whose rows are not mail but work done by `task` (issue 31: a webhook
   * delivery), with the same lease, retries and give-up as mail. Task rows of a claimed batch run
   * side by side (one slow receiver does not hold the others), never waiting for the mail server.
   */
  task<P>(name: string, task: Task<P>): void {
    if (this.renderers.has(name) || this.tasks.has(name)) throw new Error(`outbox kind ${name} is already registered`);
    this.tasks.set(name, task as Task<never>);
  }

  /** Queues a mail in `trx` (default: on its own). Call `wake()` after the transaction commits. */
  async enqueue<P>(item: QueuedMail<P>, trx: DbOrTrx = this.db): Promise<boolean> {
    if (!this.renderers.has(item.kind) && !this.tasks.has(item.kind)) throw new Error(`unknown outbox kind ${item.kind}`);
    const now = new Date().toISOString();
    return insertOutboxRow(trx, {
      id: newId(),
      kind: item.kind,
      user_id: item.userId ?? null,
      dedupe_key: item.dedupeKey ?? null,
      payload: this.seal.seal(item.payload),
      next_attempt_at: now,
      created_at: now,
    });
  }

  /** Queues a prepared mail on its own and sends it soon (what sendLater does). */
  async send(what: string, mail: MailMessage, userId?: string): Promise<void> {
    await this.enqueue({ kind: MAIL_KIND, payload: { what, mail }, userId });
    this.wake();
  }

  /** Looks for due mail now (after a commit that queued some). */
  wake(): void {
    if (this.stopped) return;
    setImmediate(() => void this.pump());
  }

  start(): void {
    this.timer = setInterval(() => void this.pump(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops polling; the mail being sent finishes (bounded by the SMTP timeouts). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.idle;
  }

  /** Resolves when the current pass (if any) is over: for tests. */
  settled(): Promise<void> {
    return this.idle;
  }

  private pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.idle;
    }
    this.pumping = true;
    this.idle = this.drain()
      .catch((err: unknown) => this.options.log.warn({ err }, 'outbox: could not read the queue, will try again'))
      .finally(() => {
        this.pumping = false;
      });
    return this.idle;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      if (this.serverDown && (await this.mailer.check())) {
        this.serverDown = false;
        const n = await releaseRowsWaitingForServer(this.db, new Date(), UNREACHABLE);
        this.options.log.info({ waiting: n }, 'outbox: the mail server is back, waiting mail goes out now');
      }
      while (!this.stopped) {
        // While the mail server is away only task rows are claimed: they do not need it.
        const kinds = this.serverDown ? [...this.tasks.keys()] : undefined;
        if (kinds?.length === 0) return;
        const rows = await claimDueRows(this.db, { owner: this.owner, now: new Date(), leaseMs: this.options.leaseMs, limit: 20, kinds });
        if (rows.length === 0) break;
        const work = rows.filter((row) => this.tasks.has(row.kind)).map((row) => this.runTask(row));
        for (const row of rows.filter((r) => !this.tasks.has(r.kind))) {
          // Claimed but not tried (the server went away, or the node is stopping): give it back untouched.
          if (this.serverDown || this.stopped)
            await retryRowAt(this.db, { id: row.id, owner: this.owner, at: new Date(), error: row.last_error, countAttempt: false });
          else await this.deliver(row);
        }
        await Promise.all(work);
      }
    } while (this.again && !this.stopped);
  }

  /** A task row: its work, then done, retried on the schedule, or failed for good. */
  private async runTask(row: OutboxRow): Promise<void> {
    const log = this.options.log;
    const owner = this.owner;
    try {
      const task = this.tasks.get(row.kind) as Task<never>;
      const retryAt = nextAttemptAt(row, new Date(), this.options.retryBaseMs);
      const outcome = await task(this.seal.open<never>(row.payload), { db: this.db, log, mailerKind: this.mailer.kind, row, retryAt });
      const now = new Date();
      if (outcome.status !== 'failed') {
        await finishRow(this.db, { id: row.id, owner, status: outcome.status === 'done' ? 'sent' : 'skipped', now });
      } else if (retryAt && !outcome.final) {
        await retryRowAt(this.db, { id: row.id, owner, at: retryAt, error: outcome.error });
      } else {
        await finishRow(this.db, { id: row.id, owner, status: 'failed', now, error: outcome.error });
      }
    } catch (err) {
      // The database away mid-task: the lease runs out and the row is tried again.
      log.error({ err, outboxId: row.id, kind: row.kind }, `${row.kind} could not be done`);
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const log = this.options.log;
    const now = () => new Date();
    let rendered: RenderedMail | undefined;
    try {
      const renderer = this.renderers.get(row.kind);
      if (!renderer) throw new Error(`unknown outbox kind ${row.kind}`);
      rendered = await renderer(this.seal.open<never>(row.payload), { db: this.db, log, mailerKind: this.mailer.kind, row });
    } catch (err) {
      // A payload that cannot be opened or rendered will not get better: kept as failed, logged.
      log.error({ err, outboxId: row.id, kind: row.kind }, `${row.kind} mail could not be prepared`);
      await finishRow(this.db, { id: row.id, owner: this.owner, status: 'failed', now: now(), error: String((err as Error).message) });
      return;
    }
    if (!rendered) {
      await finishRow(this.db, { id: row.id, owner: this.owner, status: 'skipped', now: now() });
      return;
    }
    try {
      await this.mailer.send(rendered.mail);
    } catch (err) {
      await rendered.undo?.().catch((e: unknown) => log.warn({ err: e }, 'outbox: could not undo after a failed send'));
      const failure = failureOf(err);
      const retryAt = failure.final ? null : nextAttemptAt(row, now(), this.options.retryBaseMs);
      log.error({ err, outboxId: row.id, retryAt }, `${rendered.what} mail could not be sent`);
      if (failure.unreachable) this.serverDown = true;
      if (retryAt) await retryRowAt(this.db, { id: row.id, owner: this.owner, at: retryAt, error: failure.text });
      else await finishRow(this.db, { id: row.id, owner: this.owner, status: 'failed', now: now(), error: failure.text });
      return;
    }
    await finishRow(this.db, { id: row.id, owner: this.owner, status: 'sent', now: now() });
    if (this.mailer.kind === 'outbox')
      log.info({ to: rendered.mail.to, subject: rendered.mail.subject }, `${rendered.what} mail written to the outbox`);
  }
}
