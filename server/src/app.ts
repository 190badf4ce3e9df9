import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { authGuards } from './auth/guards';
import { apiKeysRoutes, createKeyResolver } from './modules/api-keys';
import type { Config } from './config';
import { changeSourceOf } from './db/change-source';
import { connect } from './db/connect';
import type { Db, Engine } from './db/database';
import { engineOf } from './db/dialect-sql';
import { JobScheduler } from './jobs/scheduler';
import { Outbox } from './modules/outbox/outbox';
import { outboxCleanup } from './modules/outbox/outbox-cleanup';
import { ownerNotifications } from './modules/notifications/notifications';
import { linkHealthRoutes } from './modules/link-health/link-health.routes';
import type { CheckOptions } from './modules/link-health/check-destination';
import { HttpError, registerErrorHandler } from './errors';
import { compression } from './http/compression';
import { cors, corsHeaderSetter, type CorsOptions } from './http/cors';
import { frameworkErrors } from './http/framework-errors';
import { inRootContext } from './http/root-context';
import { DrainState } from './http/drain';
import type { Metrics } from './metrics/metrics';
import { createMetrics, installMetricHooks } from './metrics/metrics-plugin';
import { health } from './http/health';
import { inputGuard } from './http/input-guard';
import { lazyRequestLoggers, RequestLogController } from './http/request-log';
import { API_HEADERS } from './http/security-headers';
import { sharedSerializers } from './http/shared-serializers';
import { adminRoutes } from './modules/admin/admin.routes';
import { ClickLedger, VisitorHasher } from './modules/traffic';
import { clickRollups } from './modules/stats/click-rollups';
import { ownerNotices } from './modules/notifications/link-filled';
import { firstConversionNotice } from './modules/notifications/first-conversion-mail';
import { authRoutes } from './modules/auth/auth.routes';
import { linksRoutes } from './modules/links/links.routes';
import { rotatorPages, rotatorRoutes } from './modules/rotator';
import { statsRoutes } from './modules/stats/stats.routes';
import { visitorRoutes } from './modules/visitor/visitor.routes';
import { PublicAnswerCache } from './modules/visitor/public-cache/answer-cache';
import { startChangeFeed } from './modules/visitor/public-cache/change-feed';
import { publicAnswersOnClicks } from './modules/visitor/public-cache/ledger-subscriber';
import { profileRoutes } from './modules/profile/profile.routes';
import { subProfilesRoutes } from './modules/sub-profiles/sub-profiles.routes';
import { rateLimits } from './plugins/rate-limits';
import { RedisLink } from './plugins/redis-link';
import { createMailer } from './modules/mail';
import { passwordResetRoutes } from './modules/password-reset';
import { paymentRoutes } from './modules/payment';
import { accountRoutes, setNewPassword } from './modules/account';
import { conversionsRoutes } from './modules/conversions';
import { handlesRoutes } from './modules/handles';
import { domainsRoutes, dnsTxtLookup, hostOf, VerifiedHosts, type TxtLookup } from './modules/domains';
import { auditRoutes } from './modules/audit';
import { sessionsRoutes } from './modules/sessions';
import { accountDataRoutes } from './modules/account-data';
import { twoFactorRoutes } from './modules/two-factor';
import { webhookEvents, webhooks } from './modules/webhooks';
import type { ResolveHost } from './modules/link-health';
import { publicApi } from './modules/public-api';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    engine: Engine;
    /** The click ledger (modules/traffic, issue 27): every click, page or rotator, through its group commit. */
    ledger: ClickLedger;
    /** Hashes a click's visitor under the day's key (modules/traffic/visitor-keys.ts). */
    visitors: VisitorHasher;
    /** The visitor page's answers, kept until a write changes them (modules/visitor/public-cache/). */
    publicAnswers: PublicAnswerCache;
    /** Periodic jobs that run once across all API nodes (jobs/scheduler.ts): `app.jobs.every({ name, intervalMs }, fn)`. */
    jobs: JobScheduler;
    /** The transactional outbox every mail goes through (modules/outbox/outbox.ts). */
    outbox: Outbox;
    /** Set on SIGTERM (http/drain.ts): /readyz answers 503 from then on. */
    drain: DrainState;
    /** Prometheus metrics (metrics/), when METRICS_PORT is set. */
    metrics: Metrics | undefined;
    /** Issue 32: which profile each verified custom domain serves, cached (modules/domains/verified-hosts.ts). */
    customHosts: VerifiedHosts;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database (tests, server.ts). When absent, the app connects to config.databaseUrl and closes it on app.close(). */
  db?: Db;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Tests: a shorter link-check timeout (the checker's rules are otherwise fixed, issue 16). */
  linkCheck?: Partial<Pick<CheckOptions, 'timeoutMs'>>;
  /** Issue 32: how custom domains' TXT records are read; tests pass a lookup on a local DNS server. */
  txtLookup?: TxtLookup;
  /** Issue 31: how webhook hosts are resolved (save and delivery); tests inject one. */
  resolveHost?: ResolveHost;
}

export type App = FastifyInstance;

/** Builds the whole API as a Fastify instance (CONVENTIONS 1): server.ts only listens, tests inject. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const logger = opts.logger ?? { level: config.logLevel };
  const CORS: CorsOptions = {
    origins: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'If-None-Match'],
    // Live counts read the ETag (conditional polling) and the CSV download its file name (issue 15).
    exposedHeaders: ['ETag', 'Content-Disposition'],
    maxAgeS: 600,
  };
  const app = Fastify({
    logger,
    // Errors and slow requests only, not two lines per request (http/request-log.ts).
    logController: new RequestLogController({ level: levelOf(logger) ?? config.logLevel, slowMs: config.slowRequestMs }),
    // A request's pino child is made when it first logs, not for every request (http/request-log.ts).
    childLoggerFactory: lazyRequestLoggers,
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string,
    // A request on a kept-alive connection during a drain is served (with Connection: close), not
    // refused: a proxy would pass a 503 on to the visitor (issue 28, http/drain.ts).
    return503OnClosing: false,
    // Our bodies are small forms; a bigger one is refused (413) before it reaches a handler.
    bodyLimit: 100 * 1024,
    ...serverTimeouts(config.timeouts.requestMs),
    // Router-level refusals (an over-long :userId, a malformed URL): http/framework-errors.ts.
    frameworkErrors: frameworkErrors({ pages: rotatorPages(config.publicSiteUrl), setCors: corsHeaderSetter(CORS) }),
    // One serializer per distinct response schema, not per route and status (http/shared-serializers.ts).
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } },
    ajv: {
      // Wrong JSON types are a 400, never silently converted ("5" is not a number of clicks).
      customOptions: { coerceTypes: false, removeAdditional: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  let ownDb: (() => Promise<void>) | undefined;
  let db = opts.db;
  if (!db) {
    const handle = connect(config.databaseUrl, { timeoutMs: config.timeouts.dbMs });
    db = handle.db;
    ownDb = handle.close;
  }
  let redis: RedisLink | undefined;
  if (config.redisUrl) {
    // After start an outage is logged once (rate limits fall back to this process), never fatal.
    let down = false;
    redis = await RedisLink.connect(config.redisUrl, config.timeouts.redisMs, (err) => {
      if (!down) app.log.warn({ err: err.message }, "Redis unavailable: rate limits use this process's counters until it is back");
      down = true;
    });
    redis.client.on('ready', () => {
      if (down) app.log.info('Redis is back: rate limits are shared again');
      down = false;
    });
  }

  // Only a database whose writes are reported (one opened by connect()) can be cached; while the
  // change feed is down, entries live ~1 s (a write this process cannot hear of stands that long).
  const publicAnswers = new PublicAnswerCache({
    ...config.publicCache,
    maxBytes: changeSourceOf(db) ? config.publicCache.maxBytes : 0,
    fallbackAgeMs: 1000,
  });
  const changeFeed = startChangeFeed(db, publicAnswers, (message) => app.log.warn(message));
  // SMTP when SMTP_URL is set, otherwise .eml files in MAIL_OUTBOX_DIR (DESIGN §4).
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.mailOutboxDir,
    from: config.mailFrom,
    timeoutMs: config.timeouts.smtpMs,
  });

  const drain = new DrainState();
  // Issue 28: only with METRICS_PORT (server.ts serves it); nothing is counted otherwise.
  const metered = config.metrics ? createMetrics({ db, publicAnswers, redis, queryTimeoutMs: config.timeouts.dbMs }) : undefined;
  const context = fp(
    async (instance: FastifyInstance) => {
      instance.decorate('config', config);
      instance.decorate('db', db);
      instance.decorate('engine', engineOf(db));
      const outbox = new Outbox(db, mailer, { log: app.log, secret: config.jwtSecret, ...config.outbox });
      const ledger = new ClickLedger(db, { isRefusal: (err) => err instanceof HttpError, observe: metered?.observeBatch });
      // The ledger's subscribers (issue 27), in the order they hear each event of a batch; their
      // writes ride in the batch's transaction. Stats and notifications depend on the ledger, never the reverse.
      ledger.subscribe(clickRollups);
      ledger.subscribe(ownerNotices(outbox));
      // The clicked profiles' public answers, dropped after each COMMIT (here and on the other nodes).
      if (changeFeed) ledger.subscribe(publicAnswersOnClicks(changeFeed));
      // Issue 30: ConversionRecorded (a conversion's own transaction): the owner's first-conversion mail.
      ledger.subscribe(firstConversionNotice(outbox));
      // Issue 31: every event an account's webhook endpoints picked, queued in the event's transaction.
      ledger.subscribe(webhookEvents(outbox));
      // Issue 28: committed clicks by verdict and source (and issue 30's conversions), counted after each COMMIT.
      if (metered) ledger.subscribe(metered.clickCounter);
      instance.decorate('ledger', ledger);
      instance.decorate('visitors', new VisitorHasher(db));
      instance.decorate('publicAnswers', publicAnswers);
      instance.decorate('jobs', new JobScheduler(db, { log: app.log }));
      instance.decorate('drain', drain);
      instance.decorate('metrics', metered?.metrics);
      instance.decorate('outbox', outbox);
      instance.decorate('customHosts', new VerifiedHosts(db));
    },
    { name: 'app-context' },
  );
  await app.register(context);

  if (metered) installMetricHooks(app, metered.metrics);
  registerErrorHandler(app);
  // The security headers (http/security-headers.ts) are set by the same hook as CORS: one hook per request.
  // Issue 32: a verified custom domain's page (https) calls the API from its own origin.
  await app.register(cors, {
    ...CORS,
    alwaysHeaders: API_HEADERS,
    extraOrigin: async (origin: string, url: string) => {
      const u = URL.canParse(origin) ? new URL(origin) : null;
      if (u?.protocol !== 'https:') return false;
      // Any https page may ask whose page a host shows: an unverified host's page must read the 404 to say "not found".
      if (url.startsWith('/api/public/host?')) return true;
      return (await app.customHosts.userFor(hostOf(u.hostname))) !== null;
    },
  });
  await app.register(rateLimits, { redis });
  await app.register(inputGuard);
  await app.register(authGuards, {
    resolveApiKey: createKeyResolver({
      db,
      perMinute: config.rateLimit.apiKeyPerMin,
      redis,
      redisPrefix: `${config.redisKeyPrefix}rl-key:`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Rotalink API',
        version: '1.0.0',
        description: 'The HTTP contract of DESIGN §7, generated from the shared-api TypeBox schemas.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });

  // Before any route: it hooks each route as it is added.
  await app.register(compression);
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(inRootContext(health), { redis, mailer, drain });

  await app.register(inRootContext(authRoutes), { mailer });
  await app.register(inRootContext(profileRoutes));
  await app.register(inRootContext(subProfilesRoutes), { mailer });
  await app.register(inRootContext(linksRoutes));
  await app.register(inRootContext(visitorRoutes));
  await app.register(inRootContext(rotatorRoutes));
  await app.register(inRootContext(adminRoutes));
  await app.register(inRootContext(statsRoutes));
  await app.register(inRootContext(passwordResetRoutes), { setNewPassword });
  await app.register(inRootContext(paymentRoutes), { mailer });
  await app.register(inRootContext(accountRoutes), { mailer });
  await app.register(inRootContext(apiKeysRoutes));
  await app.register(inRootContext(conversionsRoutes), { redis });
  await app.register(inRootContext(handlesRoutes));
  await app.register(inRootContext(domainsRoutes), {
    lookup: opts.txtLookup ?? dnsTxtLookup(config.domains.dnsServers, config.domains.dnsTimeoutMs),
  });
  await app.register(inRootContext(auditRoutes));
  await app.register(inRootContext(sessionsRoutes));
  await app.register(inRootContext(accountDataRoutes), { mailer });
  await app.register(inRootContext(twoFactorRoutes));
  await app.register(publicApi, { redis });

  await app.register(inRootContext(outboxCleanup));
  await app.register(inRootContext(ownerNotifications));
  await app.register(inRootContext(linkHealthRoutes), opts.linkCheck ? { checkOptions: opts.linkCheck } : {});
  await app.register(inRootContext(webhooks), { resolve: opts.resolveHost });

  // Jobs and the outbox worker start once every module has registered its own (and stop before the database closes).
  app.addHook('onReady', async () => {
    app.jobs.start();
    app.outbox.start();
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    // Writes already taken are committed and answered before the database goes away.
    await app.ledger.drain();
    await changeFeed?.close();
    await app.outbox.stop();
    await mailer.close();
    if (redis) await redis.close();
    if (ownDb) await ownDb();
  });
  return app;
}

/**
 * Slow and half-open clients (issue 11: 1,000 idle connections were held for ever). With
 * REQUEST_TIMEOUT_MS = T (default 15 s): the headers must arrive within min(T, 10 s) and the whole
 * request within T (Node checks both every second), a socket silent for T is closed, and a
 * kept-alive socket idle for min(T, 5 s) is closed. A handler cannot hang either, since every
 * outside call it makes is bounded (DB_TIMEOUT_MS, REDIS_TIMEOUT_MS, SMTP_TIMEOUT_MS, Stripe's);
 * Fastify's per-request handlerTimeout was measured at ~10 µs of CPU on every request (a timer and
 * an AbortController each), a third of the API's floor, so it is not used.
 */
function serverTimeouts(requestMs: number) {
  const headersMs = Math.min(requestMs, 10_000);
  return {
    requestTimeout: requestMs,
    connectionTimeout: requestMs,
    keepAliveTimeout: Math.min(requestMs, 5000),
    http: { headersTimeout: headersMs, requestTimeout: requestMs, connectionsCheckingInterval: 1000 },
  };
}

function levelOf(logger: FastifyServerOptions['logger']): string | undefined {
  return typeof logger === 'object' && logger !== null && typeof logger.level === 'string' ? logger.level : undefined;
}
