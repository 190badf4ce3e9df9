import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HealthOk } from '@rotalink/shared-api/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { authGuards } from './auth/guards';
import type { Config } from './config';
import { connect } from './db/connect';
import type { Db, Engine } from './db/database';
import { engineOf } from './db/dialect-sql';
import { registerErrorHandler } from './errors';
import { RequestLogController } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { linksRoutes } from './modules/links/links.routes';
import { publicRoutes } from './modules/public/public.routes';
import { subProfilesRoutes } from './modules/sub-profiles/sub-profiles.routes';
import { rateLimits } from './plugins/rate-limits';
import { createMailer } from './modules/mail';
import { passwordResetRoutes } from './modules/password-reset';
import { paymentRoutes } from './modules/payment';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    engine: Engine;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database (tests, server.ts). When absent, the app connects to config.databaseUrl and closes it on app.close(). */
  db?: Db;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance;

/** Builds the whole API as a Fastify instance (CONVENTIONS 1): server.ts only listens, tests inject. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const logger = opts.logger ?? { level: config.logLevel };
  const app = Fastify({
    logger,
    // Errors and slow requests only, not two lines per request (http/request-log.ts).
    logController: new RequestLogController({ level: levelOf(logger) ?? config.logLevel, slowMs: config.slowRequestMs }),
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string,
    // Our bodies are small forms; a bigger one is refused (413) before it reaches a handler.
    bodyLimit: 100 * 1024,
    // Router-level refusals (an over-long :userId, a malformed URL) get the same JSON error body.
    frameworkErrors: (err, _request, reply) => {
      const text = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The id in the address is not valid.' : 'The address is not valid.';
      // The reply here is untyped by routes; the body is the same error shape as everywhere.
      void (reply as unknown as FastifyReply).code(400).send({ error: text, message: text });
    },
    ajv: {
      // Wrong JSON types are a 400, never silently converted ("5" is not a number of clicks).
      customOptions: { coerceTypes: false, removeAdditional: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  let ownDb: (() => Promise<void>) | undefined;
  let db = opts.db;
  if (!db) {
    const handle = connect(config.databaseUrl);
    db = handle.db;
    ownDb = handle.close;
  }
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = await connectRedis(config.redisUrl);
    // After start an outage is logged (calls go through, see plugins/rate-limits.ts), never fatal.
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'Redis (rate-limit store) unavailable'));
  }

  const context = fp(
    async (instance: FastifyInstance) => {
      instance.decorate('config', config);
      instance.decorate('db', db);
      instance.decorate('engine', engineOf(db));
    },
    { name: 'app-context' },
  );
  await app.register(context);

  registerErrorHandler(app);
  await app.register(securityHeaders);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    maxAge: 600,
  });
  await app.register(rateLimits, { redis });
  await app.register(authGuards);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Rotalink API', version: '1.0.0', description: 'The HTTP contract of DESIGN §7, generated from the shared-api TypeBox schemas.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });

  // Exempt from the per-IP budget: load balancers poll it from one address.
  app.get('/healthz', { schema: { hide: true, response: { 200: HealthOk } }, config: { rateLimit: false } }, async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'ok' as const };
  });
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());

  // SMTP when SMTP_URL is set, otherwise .eml files in MAIL_OUTBOX_DIR (DESIGN §4).
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir, from: config.mailFrom });

  await app.register(authRoutes);
  await app.register(subProfilesRoutes);
  await app.register(linksRoutes);
  await app.register(publicRoutes);
  await app.register(adminRoutes);
  await app.register(passwordResetRoutes, { mailer });
  await app.register(paymentRoutes);

  app.addHook('onClose', async () => {
    await mailer.close();
    if (redis) await redis.quit().catch(() => redis?.disconnect());
    if (ownDb) await ownDb();
  });
  return app;
}

function levelOf(logger: FastifyServerOptions['logger']): string | undefined {
  return typeof logger === 'object' && logger !== null && typeof logger.level === 'string' ? logger.level : undefined;
}

/** REDIS_URL set but unreachable fails the start with one clear line. */
async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 3000, lazyConnect: true });
  let cause: Error | undefined;
  const onError = (err: Error) => (cause ??= err);
  redis.on('error', onError);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL (${url.replace(/:[^:@/]*@/, ':***@')}): ${(cause ?? (err as Error)).message}`);
  }
  redis.off('error', onError);
  return redis;
}
