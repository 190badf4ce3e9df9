import { HealthDown, HealthOk } from '@rotalink/shared-api/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { bulkReadsOf } from '../db/bulk-reads';
import { RETRY_AFTER_SECONDS } from '../errors';
import type { DrainState } from './drain';
/** What the health check needs of the mailer (modules/mail): http/ imports no feature (issue 27). */
interface CheckableMailer {
  kind: string;
  check: () => Promise<unknown>;
}
import type { RedisLink } from '../plugins/redis-link';

type Part = 'database' | 'redis' | 'smtp';
type Checks = Partial<Record<Part, 'ok' | 'down'>> & { database: 'ok' | 'down' };

/** True when `work` succeeds within `ms`; false when it fails, answers false, or is late. */
function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([
    work.then(
      (v) => v !== false,
      () => false,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/**
 * GET /healthz and GET /readyz (README "Failure modes"). Both answer within ~2 s whatever is down,
 * are exempt from the rate limits (probes poll from one address) and need no token.
 *
 * - /healthz checks every dependency the node is configured with — the database, Redis
 *   (REDIS_URL) and the SMTP server (SMTP_URL) — and answers 503 naming each part that is down.
 *   For monitoring and alerts.
 * - /readyz answers 503 only when this node cannot serve at all (its database does not even answer
 *   reads). For load balancers: Redis and SMTP are shared by every node and the API keeps serving without them
 *   (in-process rate limits; mail calls answer 503), so taking every node out of rotation for
 *   them would turn a partial outage into a total one. It also answers 503 from the first
 *   instant of a drain (issue 28, drain.ts), before the node stops taking connections.
 * - /livez touches no dependency (issue 28): it answers while the event loop turns, so a liveness
 *   probe restarts a node that hangs, never one whose database is merely away.
 */
export const health = fp(
  async (app: FastifyInstance, opts: { redis?: RedisLink; mailer: CheckableMailer; drain: DrainState }) => {
    const bound = Math.min(app.config.timeouts.dbMs, 2000);
    // /healthz: an empty write transaction — the database must take writes, not only answer reads
    // (on SQLite another process may hold the write lock while reads go on, db/sqlite-driver.ts).
    const database = () =>
      within(
        app.db.transaction().execute((trx) => sql`select 1`.execute(trx)),
        bound,
      );
    // /readyz: a read, which is enough for the node to be worth sending visitors to. It goes through
    // the bulk-read connections, not the visitors' pool: under a click flood every pooled
    // connection is busy, and a probe queued behind the clicks missed the proxy's health timeout,
    // so the proxy took a node that was serving fine out of rotation (issue 28, docs/deploy.md).
    const readable = () => within(sql`select 1`.execute(bulkReadsOf(app.db)), bound);
    const redis = () => (opts.redis ? within(opts.redis.ping(), bound) : undefined);
    const smtp = () => (opts.mailer.kind === 'smtp' ? within(opts.mailer.check(), Math.min(app.config.timeouts.smtpMs, 2000)) : undefined);

    async function answer(reply: FastifyReply, probes: Partial<Record<Part, Promise<boolean> | undefined>>, draining = false) {
      const checks = { database: 'down' } as Checks;
      for (const [part, probe] of Object.entries(probes) as Array<[Part, Promise<boolean> | undefined]>) {
        if (probe) checks[part] = (await probe) ? 'ok' : 'down';
      }
      const down: string[] = (Object.keys(checks) as Part[]).filter((p) => checks[p] === 'down');
      if (draining) down.push('node (shutting down)');
      if (down.length === 0) return { status: 'ok' as const, checks };
      const message = `Not available right now: ${down.join(', ')}.`;
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, checks, down, error: message, message, code: 'unavailable' as const });
    }

    const schema = { hide: true, response: { 200: HealthOk, 503: HealthDown } };
    app.get('/healthz', { schema, config: { rateLimit: false } }, (_request, reply) =>
      answer(reply, { database: database(), redis: redis(), smtp: smtp() }),
    );
    app.get('/readyz', { schema, config: { rateLimit: false } }, (_request, reply) =>
      opts.drain.draining ? answer(reply, { database: Promise.resolve(true) }, true) : answer(reply, { database: readable() }),
    );
    const live = { hide: true, response: { 200: Type.Object({ status: Type.Literal('ok') }) } };
    app.get('/livez', { schema: live, config: { rateLimit: false } }, () => ({ status: 'ok' as const }));
  },
  { name: 'health', dependencies: ['app-context'] },
);
