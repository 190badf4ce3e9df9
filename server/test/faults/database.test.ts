import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { connect, type DbHandle } from '../../src/db/connect';
import type { Db } from '../../src/db/database';
import { DATABASE_UNAVAILABLE } from '../../src/errors';
import { ensureAdmin } from '../../src/modules/admin/ensure-admin';
import { activate, bearer, browser, engines, eventually, openTestDb, signupMember, sleep, testConfig, type Member } from '../helpers';
import { accountedFor, clickLoad } from './click-load';
import { TcpProxy, hostPort, viaProxy } from './tcp-proxy';

/**
 * Fault injection, the database (issue 11). Real services: PostgreSQL behind a proxy this test
 * controls (stopped = a restart or failover, black-holed = a hang; backends terminated with
 * pg_terminate_backend, only this run's), and a SQLite file whose write lock another process holds.
 * In each: the API stays up, answers 503 'unavailable' with a clear message — never a 500, never
 * a hang — /healthz names the database, everything recovers by itself, and no acknowledged click
 * is lost or counted twice. DB_TIMEOUT_MS is 1 s here.
 */
const DB_TIMEOUT_MS = 1000;

describe.each(engines)('database faults (%s)', (engine) => {
  let app: FastifyInstance;
  let db: Db; // a direct connection, for checks
  let appDb: DbHandle;
  let proxy: TcpProxy | undefined;
  let searchPath: string | undefined;
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  let m: Member;
  let linkId: string;
  /** What the API reported about dropped connections (instead of stderr). */
  const dropped: string[] = [];

  beforeAll(async () => {
    const opened = await openTestDb(engine);
    db = opened.handle.db;
    databaseUrl = opened.databaseUrl;
    searchPath = opened.searchPath;
    let url = databaseUrl;
    if (engine === 'postgres') {
      proxy = await TcpProxy.start(hostPort(databaseUrl));
      url = viaProxy(databaseUrl, proxy);
    }
    appDb = connect(url, {
      searchPath,
      timeoutMs: DB_TIMEOUT_MS,
      applicationName: `rotalink-faults-${searchPath}`,
      onConnectionError: (message) => dropped.push(message),
    });
    const config = testConfig({ DB_TIMEOUT_MS: String(DB_TIMEOUT_MS) });
    await ensureAdmin(db, config.adminUsername, config.adminPassword);
    app = await buildApp({ config, db: appDb.db, logger: false });
    m = await signupMember(app);
    await activate(db, m.userId);
    const added = await app.inject({
      method: 'POST',
      url: '/api/links/linkadd',
      headers: bearer(m.token),
      payload: { link: 'https://example.com/faults', max_clicks: null, user_id: m.userId },
    });
    linkId = added.json().link.id;
    cleanup = async () => {
      await app.close();
      await appDb.close();
      await proxy?.stop();
      await opened.handle.close();
      await opened.cleanup();
    };
  });
  afterAll(() => cleanup());

  const stored = async () =>
    Number((await db.selectFrom('links').select('clicks').where('id', '=', linkId).executeTakeFirstOrThrow()).clicks);
  const get = (url: string) => app.inject({ method: 'GET', url });
  const click = () => app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers: browser(), payload: { link_id: linkId } });
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  };
  const expectUnavailable = (res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: DATABASE_UNAVAILABLE, message: DATABASE_UNAVAILABLE, code: 'unavailable' });
    expect(res.headers['retry-after']).toBe('5');
  };
  /** The rotator link is a browser URL: the database away is a page to retry, never JSON or a 500. */
  const expectRotatorUnavailable = async () => {
    const res = await app.inject({ method: 'GET', url: `/r/${m.userId}`, headers: browser() });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toContain('This link could not be followed just now.');
  };
  const healthy = async () => (await get('/healthz')).statusCode === 200 && (await click()).statusCode === 200;
  /** Every refused click in a load run was a clean 503, never a 500. */
  const onlyUnavailable = (refused: Array<{ status: number; body: Record<string, unknown> }>) =>
    refused.filter((r) => r.status !== 503 || r.body.code !== 'unavailable' || r.body.error !== DATABASE_UNAVAILABLE);

  if (engine === 'postgres') {
    const appName = () => `rotalink-faults-${searchPath}`;
    /** pg_terminate_backend on this test's API connections only (others share the `test` database). */
    async function terminateBackends(): Promise<number> {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
          [appName()],
        );
        return rows.length;
      } finally {
        await admin.end();
      }
    }

    it('backends terminated under click load: the process stays up, answers 200 or 503, loses and doubles nothing', async () => {
      const before = await stored();
      let terminated = 0;
      const chaos = (async () => {
        for (let i = 0; i < 6; i++) {
          await sleep(250);
          terminated += await terminateBackends();
        }
        await sleep(300);
      })();
      const result = await clickLoad([app], linkId, 16, chaos);
      expect(terminated).toBeGreaterThan(0);
      expect(dropped.length).toBeGreaterThan(0); // reported, not thrown
      expect(onlyUnavailable(result.refused)).toEqual([]);
      const verdict = accountedFor({ ...result, acked: result.acked.map((c) => c - before) }, (await stored()) - before);
      expect(verdict).toMatchObject({ ok: true });
      await eventually(healthy, 5000, 'recovered after the terminations');
    });

    it('database stopped (a restart): 503 at once with a clear message, /healthz names it, recovery on its own', async () => {
      await proxy!.stop();
      try {
        const res = await timed(click);
        expectUnavailable(res.value);
        expect(res.ms).toBeLessThan(DB_TIMEOUT_MS + 1500);
        expectUnavailable(await get(`/api/public/userliks?user_id=${m.userId}`));
        await expectRotatorUnavailable();
        const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } });
        expectUnavailable(login);
        expect(login.json().status).toBe('FAILED');
        const health = await timed(() => get('/healthz'));
        expect(health.value.statusCode).toBe(503);
        expect(health.value.json()).toEqual({
          status: 'unavailable',
          checks: { database: 'down' },
          down: ['database'],
          error: 'Not available right now: database.',
          message: 'Not available right now: database.',
          code: 'unavailable',
        });
        expect(health.ms).toBeLessThan(3000);
        expect((await get('/readyz')).statusCode).toBe(503);
      } finally {
        await proxy!.start();
      }
      await eventually(healthy, 10_000, 'recovered after the restart');
      expect((await get('/readyz')).json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    });

    it('a restart during click load: every click answered 200 or 503, none lost or doubled', async () => {
      const before = await stored();
      const chaos = (async () => {
        await sleep(400);
        await proxy!.stop();
        await sleep(800);
        await proxy!.start();
        await eventually(healthy, 10_000, 'back after the restart');
        await sleep(300);
      })();
      const result = await clickLoad([app], linkId, 16, chaos);
      expect(result.statuses[503]).toBeGreaterThan(0);
      expect(onlyUnavailable(result.refused)).toEqual([]);
      expect(accountedFor({ ...result, acked: result.acked.map((c) => c - before) }, (await stored()) - before)).toMatchObject({
        ok: true,
      });
      expect(result.slowestMs).toBeLessThan(DB_TIMEOUT_MS * 2 + 3000);
    });

    it('database hanging (black hole): 503 within the bound, never a hang; recovery on its own', async () => {
      proxy!.blackhole();
      try {
        const answers = await Promise.all([
          timed(click),
          timed(() => get(`/api/public/publicProfile?user_id=${m.userId}`)),
          timed(() => get('/healthz')),
        ]);
        expectUnavailable(answers[0].value);
        expectUnavailable(answers[1].value);
        expect(answers[2].value.statusCode).toBe(503);
        // DB_TIMEOUT_MS to connect or to answer (+1 s client-side for a statement already sent).
        for (const a of answers) expect(a.ms).toBeLessThan(DB_TIMEOUT_MS * 2 + 1500);
      } finally {
        proxy!.heal();
      }
      await eventually(healthy, 10_000, 'recovered after the hang');
    });
  }

  if (engine === 'sqlite') {
    /** Another process (not this one's connections) takes SQLite's write lock and holds it until told. */
    async function lockFromAnotherProcess(): Promise<{ child: ChildProcess; release: () => Promise<void> }> {
      const file = databaseUrl.slice('sqlite:'.length);
      const script = `
        const Database = require(process.argv[1]);
        const db = new Database(process.argv[2]);
        db.exec('BEGIN EXCLUSIVE');
        process.stdout.write('locked\\n');
        process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });`;
      const child = spawn(process.execPath, ['-e', script, require.resolve('better-sqlite3'), file], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      await once(child.stdout!, 'data');
      return {
        child,
        release: async () => {
          if (child.exitCode !== null) return;
          child.stdin!.write('release\n');
          await once(child, 'exit');
        },
      };
    }

    it('file locked by another process: reads go on at once, writes answer 503 after the bound, /healthz names it, then recovery', async () => {
      const before = await stored();
      const lock = await lockFromAnotherProcess();
      try {
        // A click waits for the lock on a timer, never by blocking the event loop…
        const waiting = timed(click);
        await sleep(100);
        // …so reads and the readiness probe answer at once meanwhile.
        for (const url of [`/api/public/publicProfile?user_id=${m.userId}`, `/api/public/userliks?user_id=${m.userId}`, '/readyz']) {
          const read = await timed(() => get(url));
          expect(read.value.statusCode).toBe(200);
          // Well under the lock wait a blocked read would sit out (DB_TIMEOUT_MS), with room for a busy CI host.
          expect(read.ms).toBeLessThan(DB_TIMEOUT_MS * 0.8);
        }
        // (Sign-in is no read since issue 33: it writes the session's row, so it waits like a click.)
        const clicked = await waiting;
        expectUnavailable(clicked.value);
        await expectRotatorUnavailable();
        // It waited out the bound rather than failing at once (937 ms of 1,000 seen on a loaded host:
        // the retry timer's last step may end a little early).
        expect(clicked.ms).toBeGreaterThanOrEqual(DB_TIMEOUT_MS * 0.8);
        expect(clicked.ms).toBeLessThan(DB_TIMEOUT_MS + 1000);
        const health = await timed(() => get('/healthz'));
        expect(health.value.statusCode).toBe(503);
        expect(health.value.json()).toMatchObject({ checks: { database: 'down' }, down: ['database'], code: 'unavailable' });
        expect(health.ms).toBeLessThan(2500);
        expectUnavailable(
          await app.inject({
            method: 'POST',
            url: '/api/auth/signup',
            payload: { firstName: 'L', lastName: 'Ocked', email: `locked-${Date.now()}@example.com`, password: 'password-123' },
          }),
        );
      } finally {
        await lock.release();
      }
      await eventually(healthy, 5000, 'recovered once the lock was released');
      expect(await stored()).toBe(before + 1);
    });

    it('a lock taken and released during click load: every click 200 or 503, stored == acknowledged exactly', async () => {
      const before = await stored();
      const chaos = (async () => {
        await sleep(300);
        const lock = await lockFromAnotherProcess();
        await sleep(DB_TIMEOUT_MS + 500);
        await lock.release();
        await sleep(500);
      })();
      const result = await clickLoad([app], linkId, 16, chaos);
      expect(result.statuses[503]).toBeGreaterThan(0);
      expect(onlyUnavailable(result.refused)).toEqual([]);
      // On SQLite a click answered 503 never reached a COMMIT: the counts match exactly.
      expect(new Set(result.acked).size).toBe(result.acked.length);
      expect((await stored()) - before).toBe(result.acked.length);
      expect(result.slowestMs).toBeLessThan(DB_TIMEOUT_MS + 1500);
    });
  }
});
