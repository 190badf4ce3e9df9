import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../src/db/database';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../src/modules/mail/smtp-sink.test-helper';
import { activate, BROWSER_UA, engines, openTestDb } from '../helpers';
import { freePort, startApiProcess, type ApiProcess } from './api-process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LEASE_MS = 2000;
const isNotice = (to: string) => (mail: ReceivedMail) => mail.envelopeTo[0] === to && /has received its/.test(mail.subject);

/**
 * Issue 16, "killing the API between commit and delivery still delivers once after restart":
 * a real API process (a child node running src/server.ts) and a real SMTP server. The click that
 * fills a link commits the owner's notification; the worker sends it, and the mail server takes
 * the whole message but does not answer yet (holdReplies) — so the commit is done and the mail is
 * not delivered. Then the process is SIGKILLed (no shutdown hook). A new process on the same
 * database takes the mail over once the dead node's lease ends, and it is delivered exactly once.
 */
describe.each(engines)('outbox: the API killed between commit and delivery (%s)', (engine) => {
  let sink: SmtpSink;
  let db: Db;
  let closeDb: () => Promise<void>;
  let cleanup: () => Promise<void>;
  let api: ApiProcess | undefined;
  const env: Record<string, string> = {};
  let logFile: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const opened = await openTestDb(engine);
    db = opened.handle.db;
    closeDb = opened.handle.close;
    cleanup = opened.cleanup;
    // The child reaches this test's schema through the connection string (libpq's `options`).
    const databaseUrl = opened.searchPath
      ? `${opened.databaseUrl}${opened.databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${opened.searchPath}`)}`
      : opened.databaseUrl;
    const dataDir = mkdtempSync(join(tmpdir(), 'rotalink-kill-'));
    logFile = join(dataDir, 'api.log');
    Object.assign(env, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // The same secret across restarts: it seals the queued payloads.
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-password-for-tests',
      SMTP_URL: sink.url,
      SMTP_TIMEOUT_MS: '30000',
      OUTBOX_POLL_MS: '200',
      OUTBOX_LEASE_MS: String(LEASE_MS),
      OUTBOX_RETRY_BASE_MS: '200',
      RATE_LIMIT_LOGIN_PER_MIN: '0',
      RATE_LIMIT_CLICKS_PER_MIN: '0',
      RATE_LIMIT_GLOBAL_PER_MIN: '0',
      LINK_CHECK_INTERVAL: 'off',
      LOG_LEVEL: 'info',
    });
  }, 60_000);
  afterAll(async () => {
    await api?.kill();
    await sink?.close();
    await closeDb?.();
    await cleanup?.();
  }, 60_000);

  async function http<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
    const res = await fetch(`${api!.url}${path}`, {
      method,
      headers: {
        'user-agent': BROWSER_UA,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as T };
  }

  const outboxRows = (userId: string) =>
    db.selectFrom('outbox').select(['kind', 'status', 'attempts']).where('user_id', '=', userId).where('kind', '!=', 'mail').execute();

  it('the notification committed before the kill goes out once after a restart', async () => {
    const port = await freePort();
    api = await startApiProcess({ port, env, logFile });

    const email = `kill-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'correct horse battery';
    expect((await http('POST', '/api/auth/signup', { firstName: 'Kim', lastName: 'Kill', email, password })).status).toBe(201);
    // The welcome mail arrives through the same outbox: the path works before the kill.
    await sink.waitForMail(0, 15_000, (m) => m.envelopeTo[0] === email);
    const { json: login } = await http<{ token: string }>('POST', '/api/auth/login', { email, password });
    const { json: me } = await http<{ user_id: string }>('GET', '/api/auth/profile', undefined, login.token);
    await activate(db, me.user_id);
    const add = (name: string, cap: number) =>
      http<{ link: { id: string } }>(
        'POST',
        '/api/links/linkadd',
        { link: `https://${name.toLowerCase()}.example.com/`, max_clicks: cap, name, user_id: me.user_id },
        login.token,
      );
    const first = (await add('First', 1)).json.link.id;
    await add('Second', 5);

    sink.holdReplies(true);
    const click = await http<{ message: string }>('POST', '/api/public/increment-clicks', { link_id: first });
    expect(click.status).toBe(200);
    // The worker is now inside the SMTP conversation, waiting for the server's answer.
    for (let i = 0; i < 100 && !sink.held.some(isNotice(email)); i++) await sleep(100);
    expect(sink.held.filter(isNotice(email))).toHaveLength(1);
    expect(await outboxRows(me.user_id)).toEqual([{ kind: 'link-filled', status: 'pending', attempts: expect.anything() }]);

    await api.kill();
    expect((await api.exited).signal).toBe('SIGKILL');
    sink.holdReplies(false);
    expect(sink.mails.filter(isNotice(email))).toHaveLength(0); // never accepted: not delivered

    api = await startApiProcess({ port, env, logFile });
    const mail = await sink.waitForMail(0, 20_000, isNotice(email));
    expect(mail.subject).toBe('Your link "First" has received its 1 click');
    expect(mail.text).toContain('"Second" (https://second.example.com/) is now first in your queue.');
    // Longer than a lease and many polls: no second copy from anyone.
    await sleep(LEASE_MS + 1500);
    expect(sink.mails.filter(isNotice(email))).toHaveLength(1);
    expect(await outboxRows(me.user_id)).toEqual([{ kind: 'link-filled', status: 'sent', attempts: expect.anything() }]);
  }, 120_000);
});
