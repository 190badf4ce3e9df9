import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

/** A production configuration that starts (the issue 16 refusals are checked on top of it). */
const PROD = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'a-long-password', ALLOW_LOCAL_PAYMENTS: '1' };

const tmp = () => mkdtempSync(join(tmpdir(), 'rotalink-config-'));

describe('loadConfig', () => {
  it('starts with no configuration: DESIGN §4 defaults, secrets generated into the data dir', () => {
    const dir = tmp();
    const c = loadConfig({}, { cwd: dir });
    expect(c).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: `sqlite:${join(dir, 'data', 'rotalink.db')}`,
      jwtTtlSeconds: 86400,
      adminUsername: 'admin',
      adminPasswordGenerated: true,
      apiPublicUrl: 'http://localhost:4000',
      publicSiteUrl: 'http://localhost:3000',
      corsOrigins: ['http://localhost:3000'],
      paymentProvider: 'local',
      mailOutboxDir: join(dir, 'data', 'outbox'),
      rateLimit: { loginPerMin: 10, loginIpPerMin: 30, loginAccountPerHour: 50, clicksPerMin: 60, globalPerMin: 600, apiKeyPerMin: 120 },
      trustProxy: false,
      redisUrl: undefined,
      redisKeyPrefix: 'rotalink:',
      smtpUrl: undefined,
      logLevel: 'info',
      slowRequestMs: 1000,
      timeouts: { dbMs: 5000, redisMs: 300, smtpMs: 5000, requestMs: 15000 },
      clickEventsRetentionDays: 90,
    });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(c.adminPassword.length).toBeGreaterThanOrEqual(12);
    expect(statSync(join(dir, 'data', 'jwt-secret')).mode & 0o777).toBe(0o600);
    // A restart keeps the same secret and admin password.
    const again = loadConfig({}, { cwd: dir });
    expect(again.jwtSecret).toBe(c.jwtSecret);
    expect(again.adminPassword).toBe(c.adminPassword);
    expect(readFileSync(join(dir, 'data', 'admin-password'), 'utf8').trim()).toBe(c.adminPassword);
  });

  it('resolves relative paths against where npm was run (INIT_CWD), else the given directory', () => {
    const root = tmp();
    const c = loadConfig({ INIT_CWD: root, DATABASE_URL: 'sqlite:db/x.db', JWT_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'password-1' });
    expect(c.dataDir).toBe(join(root, 'data'));
    expect(c.databaseUrl).toBe(`sqlite:${join(root, 'db', 'x.db')}`);
    expect(c.mailOutboxDir).toBe(join(root, 'data', 'outbox'));
  });

  it('two fresh data dirs get different secrets (never a fixed default)', () => {
    const a = loadConfig({}, { cwd: tmp() });
    const b = loadConfig({}, { cwd: tmp() });
    expect(a.jwtSecret).not.toBe(b.jwtSecret);
    expect(a.adminPassword).not.toBe(b.adminPassword);
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '5000',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://u@db/x',
        JWT_SECRET: 'x'.repeat(40),
        JWT_TTL: '30m',
        ADMIN_USERNAME: 'root',
        ADMIN_PASSWORD: 'a-long-password',
        API_PUBLIC_URL: 'https://api.example.com/',
        PUBLIC_SITE_URL: 'https://example.com',
        CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
        SMTP_URL: 'smtp://mail:25',
        MAIL_OUTBOX_DIR: '/tmp/out',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
        REDIS_URL: 'redis://r:6379',
        RATE_LIMIT_LOGIN_PER_MIN: '0',
        RATE_LIMIT_CLICKS_PER_MIN: '7',
        RATE_LIMIT_GLOBAL_PER_MIN: '9',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        LOG_SLOW_REQUEST_MS: '250',
        RATE_LIMIT_LOGIN_IP_PER_MIN: '11',
        RATE_LIMIT_LOGIN_ACCOUNT_PER_HOUR: '12',
        REDIS_KEY_PREFIX: 'shop1:',
        DB_TIMEOUT_MS: '2500',
        REDIS_TIMEOUT_MS: '200',
        SMTP_TIMEOUT_MS: '3000',
        REQUEST_TIMEOUT_MS: '20000',
        CLICK_EVENTS_RETENTION_DAYS: '30',
      },
      { cwd: tmp() },
    );
    expect(c).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db/x',
      jwtTtlSeconds: 1800,
      adminUsername: 'root',
      adminPassword: 'a-long-password',
      adminPasswordGenerated: false,
      apiPublicUrl: 'https://api.example.com',
      corsOrigins: ['https://example.com', 'https://a.example.com', 'https://b.example.com'],
      smtpUrl: 'smtp://mail:25',
      mailOutboxDir: '/tmp/out',
      paymentProvider: 'stripe',
      stripeApi: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      clickEventsRetentionDays: 30,
      redisUrl: 'redis://r:6379',
      redisKeyPrefix: 'shop1:',
      rateLimit: { loginPerMin: 0, loginIpPerMin: 11, loginAccountPerHour: 12, clicksPerMin: 7, globalPerMin: 9, apiKeyPerMin: 120 },
      trustProxy: true,
      logLevel: 'warn',
      slowRequestMs: 250,
      timeouts: { dbMs: 2500, redisMs: 200, smtpMs: 3000, requestMs: 20000 },
    });
  });

  it('production runs the local checkout only when ALLOW_LOCAL_PAYMENTS=1 (a demo)', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'a-long-password' };
    expect(loadConfig({ ...prod, ALLOW_LOCAL_PAYMENTS: '1' }, { cwd: tmp() })).toMatchObject({
      paymentProvider: 'local',
      allowLocalPayments: true,
    });
    expect(
      loadConfig({ ...prod, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' }, { cwd: tmp() })
        .paymentProvider,
    ).toBe('stripe');
    expect(() => loadConfig({ ...prod, ALLOW_LOCAL_PAYMENTS: 'yes' }, { cwd: tmp() })).toThrow(ConfigError);
    // Outside production the local checkout stays the default (npm start, tests).
    expect(loadConfig({}, { cwd: tmp() }).paymentProvider).toBe('local');
  });

  it('issue 16: link checks every 6 h, 4 at a time, no SSRF allowance; the outbox polls every 5 s and retries from 10 s', () => {
    const c = loadConfig({}, { cwd: tmp() });
    expect(c.linkCheck).toEqual({ intervalMs: 6 * 3600_000, concurrency: 4, allow: [], extraCa: undefined });
    expect(c.outbox).toEqual({ pollMs: 5000, leaseMs: 60_000, retryBaseMs: 10_000 });
    expect(loadConfig({ LINK_CHECK_INTERVAL: 'off' }, { cwd: tmp() }).linkCheck.intervalMs).toBeNull();
    const allowed = loadConfig({ LINK_CHECK_TEST_ALLOW: '127.0.0.1, ::1, 10.9.0.0/16' }, { cwd: tmp() }).linkCheck.allow;
    expect(allowed.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual(['127.0.0.1/32', '::1/128', '10.9.0.0/16']);
    expect(loadConfig(PROD, { cwd: tmp() }).linkCheck.allow).toEqual([]);
  });

  it.each([
    [{ PORT: 'abc' }, "Invalid configuration: PORT must be a whole number, got 'abc'"],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535, got 70000'],
    [{ DATABASE_URL: 'mysql://x' }, "Invalid configuration: DATABASE_URL must be sqlite:PATH or postgres://…, got 'mysql://x'"],
    [{ JWT_TTL: 'forever' }, "Invalid configuration: JWT_TTL must be a duration like 24h, 30m or 3600, got 'forever'"],
    [{ JWT_SECRET: 'short' }, 'Invalid configuration: JWT_SECRET must be at least 32 characters'],
    [{ NODE_ENV: 'production' }, 'Invalid configuration: JWT_SECRET is required when NODE_ENV=production'],
    [{ PUBLIC_SITE_URL: 'localhost:3000' }, "Invalid configuration: PUBLIC_SITE_URL must start with http: or https:, got 'localhost:3000'"],
    [{ PAYMENT_PROVIDER: 'paypal' }, "Invalid configuration: PAYMENT_PROVIDER must be local or stripe, got 'paypal'"],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe'],
    [{ RATE_LIMIT_LOGIN_PER_MIN: '-1' }, "Invalid configuration: RATE_LIMIT_LOGIN_PER_MIN must be a whole number, got '-1'"],
    [{ ADMIN_PASSWORD: 'short' }, 'Invalid configuration: ADMIN_PASSWORD must be at least 8 characters'],
    [{ REDIS_URL: 'http://x' }, "Invalid configuration: REDIS_URL must start with redis: or rediss:, got 'http://x'"],
    [{ LOG_SLOW_REQUEST_MS: '0' }, 'Invalid configuration: LOG_SLOW_REQUEST_MS must be between 1 and 3600000, got 0'],
    [{ CLICK_EVENTS_RETENTION_DAYS: '0' }, 'Invalid configuration: CLICK_EVENTS_RETENTION_DAYS must be between 1 and 3660, got 0'],
    [
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) },
      "Invalid configuration: PAYMENT_PROVIDER is 'local' (a free test checkout) with NODE_ENV=production: set PAYMENT_PROVIDER=stripe, or ALLOW_LOCAL_PAYMENTS=1 for a demo",
    ],
    [{ DB_TIMEOUT_MS: '5' }, 'Invalid configuration: DB_TIMEOUT_MS must be between 100 and 600000, got 5'],
    [{ LINK_CHECK_INTERVAL: '10s' }, "Invalid configuration: LINK_CHECK_INTERVAL must be between 1 minute and 365 days, got '10s'"],
    [
      { LINK_CHECK_TEST_ALLOW: 'localhost' },
      "Invalid configuration: LINK_CHECK_TEST_ALLOW must be IP addresses or CIDR ranges, got 'localhost'",
    ],
    [
      { ...PROD, LINK_CHECK_TEST_ALLOW: '127.0.0.1' },
      'Invalid configuration: LINK_CHECK_TEST_ALLOW is for tests only and is refused with NODE_ENV=production',
    ],
    [
      { ...PROD, LINK_CHECK_TEST_CA: '/etc/hostname' },
      'Invalid configuration: LINK_CHECK_TEST_CA is for tests only and is refused with NODE_ENV=production',
    ],
    [{ OUTBOX_LEASE_MS: '10' }, 'Invalid configuration: OUTBOX_LEASE_MS must be between 1000 and 3600000, got 10'],
    [
      { TRUST_PROXY: 'yes please' },
      "Invalid configuration: TRUST_PROXY must be true, a hop count or a list of addresses, got 'yes please'",
    ],
  ])('%j fails with one line naming the variable', (env, message) => {
    const run = () => loadConfig(env as Record<string, string>, { cwd: tmp() });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
    expect(message).not.toContain('\n');
  });
});
