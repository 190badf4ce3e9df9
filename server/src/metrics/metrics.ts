import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { poolStatsOf } from '../db/pool-stats';
import type { PublicAnswerCache } from '../modules/visitor/public-cache/answer-cache';
import type { RedisLink } from '../plugins/redis-link';

/** Everything /metrics reads at scrape time (the rest is counted as it happens). */
export interface MetricSources {
  db: Db;
  publicAnswers: PublicAnswerCache;
  redis?: RedisLink;
  /** DB_TIMEOUT_MS-style bound on the scrape's own queries (outbox, jobs). */
  queryTimeoutMs: number;
}

const PREFIX = 'rotalink_';
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Issue 28: the Prometheus metrics of one API node (docs/deploy.md lists them with what to alert
 * on). Counted where things happen — requests (metrics-plugin.ts), committed clicks and batches
 * (the group commit's hooks) — or read when scraped: pool, cache, Redis fallbacks, outbox, jobs.
 * A registry of its own per app, so tests can run several apps in one process.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by route pattern, method and status: count (rate) and latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });
  readonly clicks = new Counter({
    name: `${PREFIX}clicks_total`,
    help: 'Clicks stored (committed), by verdict (counted, bot, repeat, …) and source (page, rotator)',
    labelNames: ['verdict', 'source'] as const,
    registers: [this.registry],
  });
  readonly conversions = new Counter({
    name: `${PREFIX}conversions_total`,
    help: 'Conversions stored (committed), by status (approved: a sale, refunded: a sale reversed) and via (postback, pixel)',
    labelNames: ['status', 'via'] as const,
    registers: [this.registry],
  });
  readonly batchSize = new Histogram({
    name: `${PREFIX}group_commit_batch_size`,
    help: 'Writes (clicks and other hot writes) per group-commit transaction',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [this.registry],
  });
  readonly commitSeconds = new Histogram({
    name: `${PREFIX}group_commit_duration_seconds`,
    help: 'Time of one group-commit transaction, from BEGIN to COMMIT (result: ok or failed)',
    labelNames: ['result'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    const r = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    new Counter({
      name: `${PREFIX}db_pool_waits_total`,
      help: 'PostgreSQL: requests for a connection that found the pool busy and queued',
      registers: r,
      collect() {
        const stats = poolStatsOf(sources.db);
        if (!stats) return;
        this.reset();
        this.inc(stats.waits);
      },
    });
    new Counter({
      name: `${PREFIX}db_pool_wait_seconds_total`,
      help: 'PostgreSQL: total time requests spent queued for a connection',
      registers: r,
      collect() {
        const stats = poolStatsOf(sources.db);
        if (!stats) return;
        this.reset();
        this.inc(stats.waitSeconds);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'PostgreSQL pool connections by state (total, idle, waiting requests)',
      labelNames: ['state'] as const,
      registers: r,
      collect() {
        const pool = poolStatsOf(sources.db)?.pool;
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Counter({
      name: `${PREFIX}public_cache_lookups_total`,
      help: "Visitor-page answers looked up in this node's cache, by result (hit, miss)",
      labelNames: ['result'] as const,
      registers: r,
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, sources.publicAnswers.counts.hits);
        this.inc({ result: 'miss' }, sources.publicAnswers.counts.misses);
      },
    });
    new Counter({
      name: `${PREFIX}rate_limit_fallbacks_total`,
      help: "Rate-limit checks that used this node's own counters because Redis did not answer",
      registers: r,
      collect() {
        this.reset();
        this.inc(sources.redis?.fallbacks ?? 0);
      },
    });
    const bounded = <T>(work: Promise<T>) =>
      Promise.race([
        work,
        new Promise<never>((_, no) => setTimeout(() => no(new Error('metrics query timed out')), sources.queryTimeoutMs).unref()),
      ]);
    new Gauge({
      name: `${PREFIX}outbox_backlog`,
      help: 'Mail waiting in the outbox (pending, due or not)',
      registers: r,
      async collect() {
        const row = await bounded(sql<{ n: number }>`select count(*) as n from outbox where status = 'pending'`.execute(sources.db));
        this.set(Number(row.rows[0]?.n ?? 0));
      },
    });
    new Gauge({
      name: `${PREFIX}outbox_oldest_age_seconds`,
      help: 'Age of the oldest mail still pending in the outbox (0 when none)',
      registers: r,
      async collect() {
        const row = await bounded(
          sql<{ at: string | null }>`select min(created_at) as at from outbox where status = 'pending'`.execute(sources.db),
        );
        const at = row.rows[0]?.at;
        this.set(at ? Math.max(0, (Date.now() - Date.parse(at)) / 1000) : 0);
      },
    });
    new Gauge({
      name: `${PREFIX}job_last_success_timestamp_seconds`,
      help: 'Scheduled jobs: when each last finished without an error (Unix time); absent until it has',
      labelNames: ['job'] as const,
      registers: r,
      async collect() {
        const rows = await bounded(sources.db.selectFrom('job_runs').select(['name', 'last_finished_at', 'last_error']).execute());
        this.reset();
        for (const row of rows)
          if (row.last_finished_at && !row.last_error) this.set({ job: row.name }, Date.parse(row.last_finished_at) / 1000);
      },
    });
    new Gauge({
      name: `${PREFIX}job_last_run_failed`,
      help: 'Scheduled jobs: 1 when the last run ended with an error',
      labelNames: ['job'] as const,
      registers: r,
      async collect() {
        const rows = await bounded(sources.db.selectFrom('job_runs').select(['name', 'last_error']).execute());
        this.reset();
        for (const row of rows) this.set({ job: row.name }, row.last_error ? 1 : 0);
      },
    });
  }
}
