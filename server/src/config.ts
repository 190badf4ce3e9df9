import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { MIN_PASSWORD } from '@rotalink/shared-api/rules';
import { loadBackgroundConfig, type BackgroundConfig } from './config-background';
import { databaseUrlFrom, loadOperationsConfig, type OperationsConfig } from './config-operations';
import { loadDomainsConfig, type DomainsConfig } from './config-domains';
import { loadSecurityConfig, type SecurityConfig } from './config-security';
import { ConfigError, fail, int, parseDuration, str, url, type Env } from './config-values';

/**
 * Server configuration (DESIGN §4), parsed ONCE at boot. Nothing else in the server reads
 * process.env. A bad value throws a ConfigError whose message is one line naming the variable.
 */
export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  /** `sqlite:PATH` or `postgres://…` */
  databaseUrl: string;
  /** Where generated secrets, the SQLite file and the mail outbox live by default. */
  dataDir: string;
  jwtSecret: string;
  /** Token lifetime in seconds (parsed from JWT_TTL: `24h`, `30m`, `3600`, `7d`). */
  jwtTtlSeconds: number;
  adminUsername: string;
  adminPassword: string;
  /** True when ADMIN_PASSWORD was unset and the password comes from (or was written to) the data dir. */
  adminPasswordGenerated: boolean;
  apiPublicUrl: string;
  publicSiteUrl: string;
  /** PUBLIC_SITE_URL plus CORS_ORIGINS. */
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailOutboxDir: string;
  /** MAIL_FROM: the sender of our mail, e.g. `Rotalink <no-reply@example.com>` (a default when unset). */
  mailFrom: string | undefined;
  paymentProvider: 'local' | 'stripe';
  /** ALLOW_LOCAL_PAYMENTS=1: the built-in (free) checkout in production, for demos only. */
  allowLocalPayments: boolean;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** STRIPE_API_BASE (e.g. http://127.0.0.1:12111): lets tests point the Stripe SDK at a local fake. */
  stripeApi: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX: the start of every key we write, so several apps (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /**
   * Failed sign-ins: per IP + account a minute, per IP (any account) a minute, per account (any
   * IP) an hour; and calls per IP a minute. loginPerMin = 0 turns every sign-in budget off.
   */
  rateLimit: {
    loginPerMin: number;
    loginIpPerMin: number;
    loginAccountPerHour: number;
    clicksPerMin: number;
    globalPerMin: number;
    apiKeyPerMin: number;
    /** Issue 30: postbacks per profile and key a minute; unattributed conversions stored per profile an hour. 0 = off. */
    postbacksPerMin: number;
    unattributedPerHour: number;
  };
  /**
   * Bounds on outside calls (README "Failure modes"). DB_TIMEOUT_MS: the longest a database call
   * may wait — PostgreSQL connect/pool wait and statement, SQLite write lock. REDIS_TIMEOUT_MS:
   * one Redis command. SMTP_TIMEOUT_MS: connecting to the SMTP server and its greeting.
   * REQUEST_TIMEOUT_MS: receiving a request (headers within min(this, 10 s)), and idle sockets.
   */
  timeouts: { dbMs: number; redisMs: number; smtpMs: number; requestMs: number };
  /** TRUST_PROXY: true, a hop count, or a list of addresses/CIDRs, passed to Fastify as is. */
  trustProxy: boolean | number | string;
  logLevel: string;
  /** LOG_SLOW_REQUEST_MS: requests at least this slow are logged (warn); other successes only at debug. */
  slowRequestMs: number;
  /**
   * The public answer cache (issue 12, modules/visitor/public-cache/): PUBLIC_CACHE_MB its memory
   * budget (0 = off), PUBLIC_CACHE_MAX_AGE_S the oldest an entry may be even when every write
   * is heard of (a write missed for any reason lasts at most this long).
   */
  publicCache: { maxBytes: number; maxAgeMs: number };
  /** CLICK_EVENTS_RETENTION_DAYS (issue 15): raw click events older than this are purged; roll-ups are kept. */
  clickEventsRetentionDays: number;
  /** Issue 16: the outbox worker and the link-health checker (config-background.ts). */
  outbox: BackgroundConfig['outbox'];
  linkCheck: BackgroundConfig['linkCheck'];
  /** Issue 31: outgoing webhooks (config-background.ts). */
  webhooks: BackgroundConfig['webhooks'];
  /** Issue 28: shutdown bound, migration wait, metrics listener (config-operations.ts). */
  shutdownTimeoutMs: OperationsConfig['shutdownTimeoutMs'];
  drainGraceMs: OperationsConfig['drainGraceMs'];
  migrateWaitMs: OperationsConfig['migrateWaitMs'];
  metrics: OperationsConfig['metrics'];
  /** Issue 32: custom domains (config-domains.ts). */
  domains: DomainsConfig['domains'];
  security: SecurityConfig['security'];
}

export { ConfigError, parseDuration };

/** Reads a secret from the data dir, or generates and stores it (0600) on first start. */
function persistedSecret(file: string, generate: () => string): string {
  if (existsSync(file)) {
    const v = readFileSync(file, 'utf8').trim();
    if (v) return v;
  }
  mkdirSync(dirname(file), { recursive: true });
  const v = generate();
  writeFileSync(file, v + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return v;
}

export interface LoadOptions {
  /**
   * Base directory for relative paths. Default: where the command was typed (npm's INIT_CWD),
   * else the current directory — so `npm run start:api` from the root (which runs in server/)
   * and `npm start` use the same root `data/` folder.
   */
  cwd?: string;
}

export function loadConfig(env: Env = process.env, opts: LoadOptions = {}): Config {
  const cwd = opts.cwd ?? str(env, 'INIT_CWD') ?? process.cwd();
  const nodeEnv = str(env, 'NODE_ENV') ?? 'development';
  const port = int(env, 'PORT', 4000, 0, 65535);
  const host = str(env, 'HOST') ?? '127.0.0.1';
  const dataDir = resolve(cwd, str(env, 'DATA_DIR') ?? 'data');

  const databaseUrl = databaseUrlFrom(env, cwd);

  let jwtSecret = str(env, 'JWT_SECRET');
  if (jwtSecret === undefined) {
    if (nodeEnv === 'production') fail('JWT_SECRET', 'is required when NODE_ENV=production');
    jwtSecret = persistedSecret(join(dataDir, 'jwt-secret'), () => randomBytes(48).toString('base64url'));
  } else if (jwtSecret.length < 32) {
    fail('JWT_SECRET', 'must be at least 32 characters');
  }
  const jwtTtlSeconds = parseDuration('JWT_TTL', str(env, 'JWT_TTL') ?? '24h');

  const adminUsername = str(env, 'ADMIN_USERNAME') ?? 'admin';
  if (adminUsername.length > 100) fail('ADMIN_USERNAME', 'must be at most 100 characters');
  let adminPassword = str(env, 'ADMIN_PASSWORD');
  const adminPasswordGenerated = adminPassword === undefined;
  if (adminPassword === undefined) {
    // Kept in the data dir so a restart keeps (and prints again) the same password. See README.
    adminPassword = persistedSecret(join(dataDir, 'admin-password'), () => randomBytes(12).toString('base64url'));
  } else if (adminPassword.length < MIN_PASSWORD) {
    fail('ADMIN_PASSWORD', `must be at least ${MIN_PASSWORD} characters`);
  }

  const apiPublicUrl = url(env, 'API_PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']);
  const publicSiteUrl = url(env, 'PUBLIC_SITE_URL', 'http://localhost:3000', ['http:', 'https:']);
  const extra = (str(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const corsOrigins = [publicSiteUrl, ...extra.map((o) => url({ CORS_ORIGINS: o }, 'CORS_ORIGINS', o, ['http:', 'https:']))];

  const paymentProvider = (str(env, 'PAYMENT_PROVIDER') ?? 'local') as Config['paymentProvider'];
  if (paymentProvider !== 'local' && paymentProvider !== 'stripe')
    fail('PAYMENT_PROVIDER', `must be local or stripe, got '${paymentProvider}'`);
  const stripeSecretKey = str(env, 'STRIPE_SECRET_KEY');
  const stripeWebhookSecret = str(env, 'STRIPE_WEBHOOK_SECRET');
  const allowLocalPayments = str(env, 'ALLOW_LOCAL_PAYMENTS') === '1';
  // The local provider's Pay button is the payment: in production it would be a free plan.
  if (paymentProvider === 'local' && nodeEnv === 'production' && !allowLocalPayments) {
    fail(
      'PAYMENT_PROVIDER',
      "is 'local' (a free test checkout) with NODE_ENV=production: set PAYMENT_PROVIDER=stripe, or ALLOW_LOCAL_PAYMENTS=1 for a demo",
    );
  }
  if (paymentProvider === 'stripe' && !stripeSecretKey) fail('STRIPE_SECRET_KEY', 'is required when PAYMENT_PROVIDER=stripe');
  if (paymentProvider === 'stripe' && !stripeWebhookSecret) fail('STRIPE_WEBHOOK_SECRET', 'is required when PAYMENT_PROVIDER=stripe');
  let stripeApi: Config['stripeApi'];
  const stripeBase = str(env, 'STRIPE_API_BASE');
  if (stripeBase) {
    const u = new URL(url(env, 'STRIPE_API_BASE', stripeBase, ['http:', 'https:']));
    const protocol = u.protocol === 'http:' ? 'http' : 'https';
    stripeApi = { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
  }

  const smtpUrl = str(env, 'SMTP_URL');
  if (smtpUrl) url(env, 'SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);
  const mailOutboxDir = resolve(cwd, str(env, 'MAIL_OUTBOX_DIR') ?? join(dataDir, 'outbox'));
  const mailFrom = str(env, 'MAIL_FROM');
  if (mailFrom && (mailFrom.length > 200 || !/^[^\r\n]*[^\s@<>]+@[^\s@<>]+[^\r\n]*$/.test(mailFrom))) {
    fail('MAIL_FROM', `must be an address like 'Rotalink <no-reply@example.com>', got '${mailFrom}'`);
  }

  const redisUrl = str(env, 'REDIS_URL');
  if (redisUrl) url(env, 'REDIS_URL', redisUrl, ['redis:', 'rediss:']);
  const redisKeyPrefix = str(env, 'REDIS_KEY_PREFIX') ?? 'rotalink:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(redisKeyPrefix))
    fail('REDIS_KEY_PREFIX', `must be 1-64 letters, digits or :_.-, got '${redisKeyPrefix}'`);

  const rateLimit = {
    loginPerMin: int(env, 'RATE_LIMIT_LOGIN_PER_MIN', 10, 0, 1_000_000),
    loginIpPerMin: int(env, 'RATE_LIMIT_LOGIN_IP_PER_MIN', 30, 0, 1_000_000),
    loginAccountPerHour: int(env, 'RATE_LIMIT_LOGIN_ACCOUNT_PER_HOUR', 50, 0, 1_000_000),
    clicksPerMin: int(env, 'RATE_LIMIT_CLICKS_PER_MIN', 60, 0, 1_000_000),
    globalPerMin: int(env, 'RATE_LIMIT_GLOBAL_PER_MIN', 600, 0, 10_000_000),
    // Issue 31: calls per API key per minute, whatever the IP.
    apiKeyPerMin: int(env, 'RATE_LIMIT_API_KEY_PER_MIN', 120, 0, 10_000_000),
    postbacksPerMin: int(env, 'RATE_LIMIT_POSTBACKS_PER_MIN', 600, 0, 10_000_000),
    unattributedPerHour: int(env, 'RATE_LIMIT_UNATTRIBUTED_PER_HOUR', 1000, 0, 10_000_000),
  };

  const timeouts = {
    dbMs: int(env, 'DB_TIMEOUT_MS', 5000, 100, 600_000),
    redisMs: int(env, 'REDIS_TIMEOUT_MS', 300, 10, 60_000),
    smtpMs: int(env, 'SMTP_TIMEOUT_MS', 5000, 100, 600_000),
    requestMs: int(env, 'REQUEST_TIMEOUT_MS', 15_000, 500, 600_000),
  };

  const tp = str(env, 'TRUST_PROXY');
  let trustProxy: Config['trustProxy'] = false;
  if (tp !== undefined) {
    if (tp === 'true' || tp === '1') trustProxy = true;
    else if (tp === 'false' || tp === '0') trustProxy = false;
    else if (/^\d+$/.test(tp)) trustProxy = Number(tp);
    else if (/^[0-9a-fA-F.:/, ]+$/.test(tp)) trustProxy = tp;
    else fail('TRUST_PROXY', `must be true, a hop count or a list of addresses, got '${tp}'`);
  }

  const logLevel = str(env, 'LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel))
    fail('LOG_LEVEL', `is not a pino level: '${logLevel}'`);
  const slowRequestMs = int(env, 'LOG_SLOW_REQUEST_MS', 1000, 1, 3_600_000);
  const publicCache = {
    maxBytes: int(env, 'PUBLIC_CACHE_MB', 32, 0, 16_384) * 1024 * 1024,
    maxAgeMs: int(env, 'PUBLIC_CACHE_MAX_AGE_S', 60, 1, 86_400) * 1000,
  };
  const clickEventsRetentionDays = int(env, 'CLICK_EVENTS_RETENTION_DAYS', 90, 1, 3660);

  return {
    nodeEnv,
    port,
    host,
    databaseUrl,
    dataDir,
    jwtSecret,
    jwtTtlSeconds,
    adminUsername,
    adminPassword,
    adminPasswordGenerated,
    apiPublicUrl,
    publicSiteUrl,
    corsOrigins,
    smtpUrl,
    mailOutboxDir,
    mailFrom,
    paymentProvider,
    allowLocalPayments,
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApi,
    redisUrl,
    redisKeyPrefix,
    rateLimit,
    timeouts,
    trustProxy,
    logLevel,
    slowRequestMs,
    publicCache,
    clickEventsRetentionDays,
    ...loadBackgroundConfig(env, nodeEnv),
    ...loadOperationsConfig(env, port),
    ...loadDomainsConfig(env),
    ...loadSecurityConfig(env),
  };
}
