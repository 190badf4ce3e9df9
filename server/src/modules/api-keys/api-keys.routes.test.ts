import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { buildApp } from '../../app';
import {
  activate,
  bearer,
  engines,
  openTestDb,
  signupMember,
  testConfig,
  useTestApp,
  type Member,
  type TestContext,
} from '../../../test/helpers';
import { KEY_EXPIRED, KEY_INVALID, KEY_REVOKED } from './resolve-api-key';
import { parseKeyText } from './key-text';

/** Issue 31: a member's API keys, shown once, stored hashed, refused with a code when bad. */
describe.each(engines)('API keys (%s)', (engine) => {
  const t = useTestApp(
    engine,
    process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL, RATE_LIMIT_API_KEY_PER_MIN: '5' }
      : { RATE_LIMIT_API_KEY_PER_MIN: '5' },
  );
  let m: Member;
  let other: Member;

  const create = async (ctx: TestContext, who: Member, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/api-keys', headers: bearer(who.token), payload });
  const links = (ctx: TestContext, secret: string, userId: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/links/userliks?user_id=${userId}`, headers: bearer(secret) });
  const addLink = (ctx: TestContext, secret: string, userId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/links/linkadd',
      headers: bearer(secret),
      payload: { user_id: userId, link: 'https://offer.example.com', max_clicks: 3 },
    });

  beforeAll(async () => {
    m = await signupMember(t.app);
    other = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  it('is shown once, stored as a prefix and the sha256 of its secret, and listed without it', async () => {
    const res = await create(t, m, { name: 'Zapier', scopes: ['links:read', 'links:write'] });
    expect(res.statusCode).toBe(201);
    const { secret, key } = res.json();
    expect(secret).toMatch(/^rlk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const [, prefix, part] = /^rlk_([0-9a-f]{12})_(.+)$/.exec(secret) as RegExpExecArray;
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ prefix, secret_hash: createHash('sha256').update(part).digest('hex'), user_id: m.userId });
    expect(JSON.stringify(row)).not.toContain(part);
    const list = await t.app.inject({ method: 'GET', url: '/api/account/api-keys', headers: bearer(m.token) });
    expect(list.json().keys.find((k: { id: string }) => k.id === key.id)).toEqual({
      id: key.id,
      name: 'Zapier',
      prefix: `rlk_${prefix}_…`,
      scopes: ['links:read', 'links:write'],
      created_at: expect.any(String),
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    expect(list.body).not.toContain(part);
  });

  it('acts for its account within its scopes, and stamps its last use', async () => {
    const { secret, key } = (await create(t, m, { name: 'Reader', scopes: ['links:read'] })).json();
    expect((await links(t, secret, m.userId)).statusCode).toBe(200);
    const write = await addLink(t, secret, m.userId);
    expect({ status: write.statusCode, code: write.json().code }).toEqual({ status: 403, code: 'scope-missing' });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/links/rotator?user_id=${other.userId}`,
      headers: bearer(secret),
    });
    expect({ status: elsewhere.statusCode, message: elsewhere.json().message }).toEqual({
      status: 403,
      message: 'You can only manage your own profile and sub-profiles.',
    });
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/allusers', headers: bearer(secret) });
    expect({ status: admin.statusCode, message: admin.json().message }).toEqual({ status: 403, message: 'Admin access required.' });
    const row = await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuses a malformed, unknown, revoked or expired key with its code', async () => {
    const { secret, key } = (await create(t, m, { name: 'Soon gone', scopes: ['links:write'] })).json();
    const expired = (
      await create(t, m, { name: 'Short', scopes: ['links:write'], expires_at: new Date(Date.now() + 60_000).toISOString() })
    ).json();
    await t.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.key.id)
      .execute();
    const revoke = await t.app.inject({ method: 'POST', url: `/api/account/api-keys/${key.id}/revoke`, headers: bearer(m.token) });
    expect(revoke.json().key.revoked_at).not.toBeNull();
    const wrongSecret = secret.slice(0, -4) + (secret.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const answers = [];
    for (const value of ['rlk_nope', 'rlk_000000000000_' + 'x'.repeat(43), wrongSecret, secret, expired.secret]) {
      const res = await addLink(t, value, m.userId);
      answers.push({ status: res.statusCode, code: res.json().code, message: res.json().message });
    }
    expect(answers).toEqual([
      { status: 401, code: 'api-key-invalid', message: KEY_INVALID },
      { status: 401, code: 'api-key-invalid', message: KEY_INVALID },
      { status: 401, code: 'api-key-invalid', message: KEY_INVALID },
      { status: 401, code: 'api-key-revoked', message: KEY_REVOKED },
      { status: 401, code: 'api-key-expired', message: KEY_EXPIRED },
    ]);
  });

  it('refuses an expiry in the past, and another member cannot revoke the key', async () => {
    const past = await create(t, m, { name: 'Past', scopes: ['stats:read'], expires_at: '2020-01-01T00:00:00Z' });
    expect({ status: past.statusCode, code: past.json().code }).toEqual({ status: 400, code: 'invalid' });
    const { key } = (await create(t, m, { name: 'Mine', scopes: ['stats:read'] })).json();
    const res = await t.app.inject({ method: 'POST', url: `/api/account/api-keys/${key.id}/revoke`, headers: bearer(other.token) });
    expect(res.statusCode).toBe(404);
    const row = await t.db.selectFrom('api_keys').select('revoked_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });

  it('has its own budget of calls per minute (another key keeps its own)', async () => {
    const a = (await create(t, m, { name: 'Busy', scopes: ['links:read'] })).json().secret;
    const b = (await create(t, m, { name: 'Quiet', scopes: ['links:read'] })).json().secret;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await links(t, a, m.userId)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await links(t, b, m.userId)).statusCode).toBe(200);
  });
});

describe('API key secrets in the logs', () => {
  it('never appear, whatever the call answers, at the most talkative level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const opened = await openTestDb('sqlite');
    const config = testConfig({ LOG_LEVEL: 'trace' });
    const app = await buildApp({ config, db: opened.handle.db, logger: { level: 'trace', stream } });
    try {
      await app.ready();
      const m = await signupMember(app);
      await activate(opened.handle.db, m.userId);
      const created = await app.inject({
        method: 'POST',
        url: '/api/account/api-keys',
        headers: bearer(m.token),
        payload: { name: 'Logged?', scopes: ['links:read'] },
      });
      const secret: string = created.json().secret;
      const calls = [
        { method: 'GET' as const, url: `/api/links/userliks?user_id=${m.userId}` },
        {
          method: 'POST' as const,
          url: '/api/links/linkadd',
          payload: { user_id: m.userId, link: 'https://a.example.com', max_clicks: 1 },
        },
        { method: 'GET' as const, url: '/api/admin/allusers' },
        { method: 'GET' as const, url: '/api/links/rotator?user_id=unknown' },
        { method: 'POST' as const, url: '/api/links/linkadd', payload: '{broken' },
      ];
      for (const c of calls) await app.inject({ ...c, headers: { ...bearer(secret), 'content-type': 'application/json' } });
      await app.inject({ method: 'GET', url: '/api/links/userliks', headers: bearer(`${secret}x`) });
      // The key's own parser: its 43 secret characters may hold `_` (splitting on `_` once gave
      // an empty string, found in every line).
      const secretPart = parseKeyText(secret)?.secret ?? '';
      expect(secretPart).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.filter((l) => l.includes(secretPart))).toEqual([]);
    } finally {
      await app.close();
      await opened.handle.close();
      await opened.cleanup();
    }
  });
});
