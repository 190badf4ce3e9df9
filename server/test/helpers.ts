import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect, type DbHandle } from '../src/db/connect';
import type { Db, Engine } from '../src/db/database';
import { nowIso } from '../src/db/ids';
import { migrateToLatest } from '../src/db/migrate';
import { ensureAdmin } from '../src/modules/admin/ensure-admin';

/**
 * Test harness: an app on a fresh database. SQLite (temp file) always; PostgreSQL too when
 * TEST_DATABASE_URL is set, each test file in its own random schema, dropped afterwards.
 * Use with `describe.each(engines)('… (%s)', (engine) => { const t = useTestApp(engine); … })`.
 */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  engine: Engine;
  /** Connection string and schema of this test's database (to open a second app on it). */
  databaseUrl: string;
  searchPath?: string;
}

/** Env for loadConfig: rate limits off unless a test turns them on; quiet logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'rotalink-test-'));
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password-for-tests',
    RATE_LIMIT_LOGIN_PER_MIN: '0',
    RATE_LIMIT_CLICKS_PER_MIN: '0',
    RATE_LIMIT_GLOBAL_PER_MIN: '0',
    // Counters of this run only: other runs (and other people's) share the test Redis.
    REDIS_KEY_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
    LOG_LEVEL: 'silent',
    // No test reaches the internet: the scheduled link check runs only where a test asks for it.
    LINK_CHECK_INTERVAL: 'off',
    // Nor a DNS server: custom domains are checked only where a test asks, on its own local server (issue 32).
    DOMAIN_CHECK_INTERVAL: 'off',
    ...env,
  });
}

async function createSchema(url: string): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`TEST_DATABASE_URL is set (${url}) but PostgreSQL is unreachable: ${(err as Error).message}`);
  }
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return schema;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** Opens (and migrates, unless told not to) a fresh database for one engine. */
export async function openTestDb(
  engine: Engine,
  o: { migrate?: boolean } = {},
): Promise<{ handle: DbHandle; databaseUrl: string; searchPath?: string; cleanup: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'rotalink-db-'));
    const databaseUrl = `sqlite:${join(dir, 'test.db')}`;
    const handle = connect(databaseUrl);
    if (o.migrate !== false) await migrateToLatest(handle.db);
    return { handle, databaseUrl, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const databaseUrl = process.env.TEST_DATABASE_URL as string;
  const searchPath = await createSchema(databaseUrl);
  // application_name: a fault test can find (and terminate) this run's backends and no one else's.
  const handle = connect(databaseUrl, { searchPath, poolMax: 20, applicationName: `rotalink-test-${searchPath}` });
  if (o.migrate !== false) await migrateToLatest(handle.db);
  return { handle, databaseUrl, searchPath, cleanup: () => dropSchema(databaseUrl, searchPath) };
}

/** Registers beforeAll/afterAll that build an app on a fresh database; fields fill in beforeAll. */
export function useTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  /** What else the app is built with (issue 31: a host resolver). */
  options: Pick<BuildAppOptions, 'resolveHost'> = {},
): TestContext {
  const ctx = { engine } as TestContext;
  let cleanup: (() => Promise<void>) | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openTestDb(engine);
    cleanup = opened.cleanup;
    close = opened.handle.close;
    ctx.config = testConfig(env);
    ctx.db = opened.handle.db;
    ctx.databaseUrl = opened.databaseUrl;
    ctx.searchPath = opened.searchPath;
    await ensureAdmin(ctx.db, ctx.config.adminUsername, ctx.config.adminPassword);
    ctx.app = await buildApp({ config: ctx.config, db: ctx.db, logger: false, ...options });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await close?.();
    await cleanup?.();
  });
  return ctx;
}

/** A second app instance on the same database (another API node), with its own pool. */
export async function secondApp(ctx: TestContext): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const handle = connect(ctx.databaseUrl, { searchPath: ctx.searchPath, poolMax: 20, applicationName: `rotalink-test-${ctx.searchPath}` });
  const app = await buildApp({ config: ctx.config, db: handle.db, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A person's browser. Clicks without it come from light-my-request's own User-Agent, which is
 * (rightly) a bot: not counted (issue 14).
 */
export const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const browser = (extra: Record<string, string> = {}) => ({ 'user-agent': BROWSER_UA, ...extra });

export function call(app: FastifyInstance, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject(opts) as Promise<LightMyRequestResponse>;
}

export interface Member {
  userId: string;
  email: string;
  password: string;
  token: string;
}

let seq = 0;
/** Signs a member up through the API, logs in, and reads their id from the profile. */
export async function signupMember(
  app: FastifyInstance,
  over: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
): Promise<Member> {
  const email = over.email ?? `member${++seq}-${randomBytes(4).toString('hex')}@example.com`;
  const password = over.password ?? 'correct horse battery';
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { firstName: over.firstName ?? 'Ada', lastName: over.lastName ?? 'Lovelace', email, password },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const token = await loginMember(app, email, password);
  const profile = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
  return { userId: profile.json().user_id, email, password, token };
}

export async function loginMember(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

/** A link as linkadd answers it. */
export interface AddedLink {
  id: string;
  name: string;
  link: string;
  clicks: number;
  max_clicks: number | null;
}

/**
 * Adds one link to the end of a queue through the API, as the member would: the member's own, or
 * with `user_id` one of their sub-profiles'.
 */
export async function addLink(
  app: FastifyInstance,
  member: Member,
  link: { link: string; max_clicks: number | null; name?: string; user_id?: string; click_param?: string | null },
): Promise<AddedLink> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/links/linkadd',
    headers: bearer(member.token),
    payload: { user_id: member.userId, ...link },
  });
  if (res.statusCode !== 201) throw new Error(`linkadd failed: ${res.statusCode} ${res.body}`);
  return res.json().link;
}

/**
 * Adds `count` links to a member's queue (`Offer number 0`, `1`, …, capped at 100): enough for a
 * public answer above the compression threshold at 20.
 */
export async function addOffers(app: FastifyInstance, member: Member, count: number): Promise<Array<{ id: string }>> {
  const links: Array<{ id: string }> = [];
  for (let i = 0; i < count; i++)
    links.push(await addLink(app, member, { link: `https://example.com/offer/${i}`, name: `Offer number ${i}`, max_clicks: 100 }));
  return links;
}

/** Gives a member an active lifetime plan directly in the database (as a paid checkout would). */
export async function activate(db: Db, userId: string, expiry: string | null = null): Promise<void> {
  await db
    .updateTable('users')
    .set({
      subscription_status: 'active',
      subscription_type: 'monthly',
      package_price_cents: 14456,
      package_joined_date: nowIso(),
      package_expiry_date: expiry,
    })
    .where('id', '=', userId)
    .execute();
}

export async function adminToken(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/adminlogin',
    payload: { username: ctx.config.adminUsername, password: ctx.config.adminPassword },
  });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it is true or `ms` passed; returns how long it took (or throws). */
export async function eventually(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}
