import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { claimJob, ensureJobRow, finishJob, makeJobDue, readJobRow, renewLease } from './job-runs.repository';

/** What a job gets: `signal` aborts when the node shuts down or loses the lease; stop early then. */
export interface JobContext {
  signal: AbortSignal;
  log: FastifyBaseLogger;
}
export type JobFn = (ctx: JobContext) => Promise<void>;

export interface EverySpec {
  /** Unique across the application: the name of the job's row in job_runs. */
  name: string;
  /** Time from the end of one run to the next run. */
  intervalMs: number;
}

export interface CronSpec {
  name: string;
  /** A cron pattern (croner: 5 or 6 fields, e.g. '0 3 * * *' = every day at 03:00). */
  pattern: string;
  /** IANA zone of the pattern; UTC when absent. */
  timezone?: string;
}

export interface SchedulerOptions {
  log: FastifyBaseLogger;
  /** How long a lease lasts without renewal; a running job renews it every third of that. */
  leaseMs?: number;
  /** The longest a node sleeps before looking at a job's row again (another node may have moved it). */
  pollMaxMs?: number;
}

interface Job {
  name: string;
  fn: JobFn;
  /** When the job is due after a run that ends at `from`. */
  next: (from: Date) => Date;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  abort?: AbortController;
  /** Its job_runs row exists (created by this node or another). */
  ensured?: boolean;
}

/**
 * Periodic jobs that run ONCE across all API nodes (issue 16). Every node registers the same jobs
 * and wakes when a job is due; the one whose conditional UPDATE takes the job's lease
 * (job-runs.repository.ts) runs it, the others see the new due time and go back to sleep. A run
 * renews its lease while it works; a node that dies mid-run lets the lease expire and another node
 * runs the job again, so a job must be safe to run twice (at least once, never concurrently while
 * leases are renewed). croner computes the due times of cron patterns; the database decides who runs.
 */
export class JobScheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly owner = newId();
  private readonly leaseMs: number;
  private readonly pollMaxMs: number;
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly options: SchedulerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMaxMs = options.pollMaxMs ?? 30_000;
  }

  /** Runs `fn` every `intervalMs` (the first time one interval after the job is first registered anywhere). */
  every(spec: EverySpec, fn: JobFn): void {
    if (!(spec.intervalMs >= 1)) throw new Error(`job ${spec.name}: intervalMs must be at least 1`);
    this.add({ name: spec.name, fn, next: (from) => new Date(from.getTime() + spec.intervalMs) });
  }

  /** Runs `fn` at the times of a cron pattern. */
  cron(spec: CronSpec, fn: JobFn): void {
    const pattern = new Cron(spec.pattern, { paused: true, timezone: spec.timezone ?? 'Etc/UTC' });
    this.add({
      name: spec.name,
      fn,
      next: (from) => pattern.nextRun(from) ?? new Date(from.getTime() + 365 * 86_400_000),
    });
  }

  /** Makes a job due now: the next node to wake runs it (this one at once). */
  async runSoon(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    await ensureJobRow(this.db, name, new Date());
    job.ensured = true;
    await makeJobDue(this.db, name, new Date());
    if (this.started && !this.stopped && !job.running) this.wake(job, 0);
  }

  /** Starts the timers (the app calls it once it is ready). */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.wake(job, 0);
  }

  /** Stops waking; a running job is asked to stop (its signal) and awaited, its lease released. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.abort?.abort(new Error('the node is shutting down'));
    }
    await Promise.all([...this.jobs.values()].map((j) => j.running?.catch(() => undefined)));
  }

  private add(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`a job named ${job.name} is already registered`);
    this.jobs.set(job.name, job);
    if (this.started) this.wake(job, 0);
  }

  private wake(job: Job, delayMs: number): void {
    clearTimeout(job.timer);
    job.timer = setTimeout(() => void this.tick(job), delayMs);
    // A pending wake-up must not keep a process (or a test) alive.
    job.timer.unref();
  }

  private async tick(job: Job): Promise<void> {
    if (this.stopped || job.running) return;
    let delay = this.pollMaxMs;
    try {
      if (!job.ensured) await ensureJobRow(this.db, job.name, job.next(new Date()));
      job.ensured = true;
      if (await claimJob(this.db, { name: job.name, owner: this.owner, now: new Date(), leaseMs: this.leaseMs })) {
        // stop() may have come while the claim was in flight: it saw nothing running, so give
        // the lease back at once (due now, for another node) instead of starting the job.
        if (this.stopped) return void (await this.giveBack(job));
        job.running = this.execute(job);
        await job.running;
        job.running = undefined;
      }
      const row = await readJobRow(this.db, job.name);
      if (row) {
        const until = Math.max(Date.parse(row.next_run_at), row.lease_until ? Date.parse(row.lease_until) : 0) - Date.now();
        // A little jitter so nodes that woke together do not all race for every lease.
        delay = Math.min(this.pollMaxMs, Math.max(10, until + Math.random() * 50));
      }
    } catch (err) {
      // The database away: try again later; never an unhandled rejection.
      job.running = undefined;
      this.options.log.warn({ err, job: job.name }, 'scheduled job: could not check or run the job, will try again');
      delay = Math.min(this.pollMaxMs, 5_000);
    }
    if (!this.stopped) this.wake(job, delay);
  }

  private async giveBack(job: Job): Promise<void> {
    const now = new Date();
    await finishJob(this.db, { name: job.name, owner: this.owner, now, nextRunAt: now, error: 'stopped: the node is shutting down' });
  }

  private async execute(job: Job): Promise<void> {
    const abort = new AbortController();
    job.abort = abort;
    const log = this.options.log.child({ job: job.name });
    const heartbeat = setInterval(() => {
      renewLease(this.db, { name: job.name, owner: this.owner, until: new Date(Date.now() + this.leaseMs) })
        .then((held) => {
          if (!held) abort.abort(new Error('the lease was lost'));
        })
        .catch((err: unknown) => log.warn({ err }, 'scheduled job: could not renew the lease'));
    }, this.leaseMs / 3);
    heartbeat.unref();
    let error: string | null = null;
    const started = Date.now();
    try {
      await job.fn({ signal: abort.signal, log });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      log.error({ err }, 'scheduled job failed');
    } finally {
      clearInterval(heartbeat);
      job.abort = undefined;
    }
    const now = new Date();
    // Stopped half-way (shutdown): due again at once, so another node finishes the work.
    const nextRunAt = abort.signal.aborted ? now : job.next(now);
    if (abort.signal.aborted) error ??= `stopped: ${String((abort.signal.reason as Error | undefined)?.message ?? 'aborted')}`;
    await finishJob(this.db, { name: job.name, owner: this.owner, now, nextRunAt, error });
    log.debug({ ms: Date.now() - started }, 'scheduled job done');
  }
}
