import type { LookupAddress } from 'node:dns';
import { KEY_CANNOT, SUB_CANNOT_MANAGE_WEBHOOKS } from '../../access/grants';
import { activate, bearer, engines, loginMember, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { ENDPOINT_LIMIT, ENDPOINT_NOT_FOUND, MAX_ENDPOINTS } from './webhooks.routes';
import { HOST_UNKNOWN, HTTPS_ONLY, NO_CREDENTIALS, notPublic } from './webhook-url';

/** A DNS of our own (issue 31): names the tests choose, one of them answering a loopback address. */
const ZONE: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'inside.example.com': ['127.0.0.1'],
  'split.example.com': ['93.184.216.34', '10.20.30.40'],
};
const resolveHost = async (host: string): Promise<LookupAddress[]> => {
  const found = ZONE[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/**
 * Issue 31: a member saves webhook endpoints — https only, never to an address inside our network
 * (the link-health SSRF rule, decision 0061) — with a signing secret shown once; at most
 * MAX_ENDPOINTS; a sub-profile's session and API keys cannot.
 */
describe.each(engines)('webhook endpoints (%s)', (engine) => {
  const t = useTestApp(engine, {}, { resolveHost });
  let m: Member;
  beforeAll(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });
  const create = (token: string, url: string, events = ['link.filled']) =>
    t.app.inject({ method: 'POST', url: '/api/account/webhooks', headers: bearer(token), payload: { url, events } });
  const list = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/account/webhooks', headers: bearer(token) })).json();

  it('refuses http, credentials, loopback, private, link-local, metadata and names resolving to them, with 400 and a code', async () => {
    const cases: Array<[string, string]> = [
      ['http://hooks.example.com/rotalink', HTTPS_ONLY],
      ['ftp://hooks.example.com/', HTTPS_ONLY],
      ['https://user:pw@hooks.example.com/', NO_CREDENTIALS],
      ['https://127.0.0.1/hook', notPublic('127.0.0.1')],
      ['https://[::1]:8443/hook', notPublic('::1')],
      ['https://[::ffff:127.0.0.1]/hook', notPublic('::ffff:7f00:1')],
      ['https://10.1.2.3/hook', notPublic('10.1.2.3')],
      ['https://192.168.0.10/hook', notPublic('192.168.0.10')],
      ['https://169.254.169.254/latest/meta-data/', notPublic('169.254.169.254')],
      ['https://100.100.100.200/', notPublic('100.100.100.200')],
      ['https://inside.example.com/hook', notPublic('127.0.0.1')],
      ['https://split.example.com/hook', notPublic('10.20.30.40')],
      ['https://nowhere.example.com/hook', HOST_UNKNOWN],
    ];
    for (const [url, message] of cases) {
      const res = await create(m.token, url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 400,
        body: { error: message, message, code: 'invalid' },
      });
    }
    expect((await list(m.token)).endpoints).toEqual([]);
  });

  it('saves an https endpoint with its events; the whsec_ secret is in the create answer only; rotating makes a new one', async () => {
    const res = await create(m.token, ' https://hooks.example.com/rotalink?src=1 ', ['queue.empty', 'link.filled']);
    expect(res.statusCode).toBe(201);
    const { endpoint, secret } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: 'https://hooks.example.com/rotalink?src=1',
      events: ['link.filled', 'queue.empty'],
      disabled_at: null,
    });
    const listed = await t.app.inject({ method: 'GET', url: '/api/account/webhooks', headers: bearer(m.token) });
    expect(listed.json()).toEqual({ endpoints: [endpoint], max_endpoints: MAX_ENDPOINTS });
    expect(listed.body).not.toContain(secret.slice(6));
    const stored = await t.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret.slice(6, 20));
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/account/webhooks/${endpoint.id}/rotate-secret`,
      headers: bearer(m.token),
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
  });

  it(`at most ${MAX_ENDPOINTS} endpoints per account; deleting one makes room; another member cannot touch them`, async () => {
    const owner = await signupMember(t.app);
    const ids: string[] = [];
    for (let i = 0; i < MAX_ENDPOINTS; i++) {
      const res = await create(owner.token, `https://hooks.example.com/${i}`);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().endpoint.id);
    }
    const over = await create(owner.token, 'https://hooks.example.com/one-more');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: ENDPOINT_LIMIT, message: ENDPOINT_LIMIT, code: 'conflict' });
    const other = await signupMember(t.app);
    for (const action of ['delete', 'enable', 'rotate-secret', 'test', 'deliveries']) {
      const res = await t.app.inject({
        method: action === 'deliveries' ? 'GET' : 'POST',
        url: `/api/account/webhooks/${ids[0]}/${action}`,
        headers: bearer(other.token),
      });
      expect({ action, status: res.statusCode, message: res.json().message }).toEqual({ action, status: 404, message: ENDPOINT_NOT_FOUND });
    }
    const del = await t.app.inject({ method: 'POST', url: `/api/account/webhooks/${ids[0]}/delete`, headers: bearer(owner.token) });
    expect(del.statusCode).toBe(200);
    expect((await list(owner.token)).endpoints).toHaveLength(MAX_ENDPOINTS - 1);
    expect((await create(owner.token, 'https://hooks.example.com/again')).statusCode).toBe(201);
  });

  it('a sub-profile signed in on its own and an API key cannot manage webhooks', async () => {
    const email = `sub-${m.userId}@example.com`;
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(m.token),
      payload: { firstName: 'Sub', lastName: 'Hooks', phone: '12345', email, password: 'sub-profile password' },
    });
    expect(sub.statusCode).toBe(201);
    const subToken = await loginMember(t.app, email, 'sub-profile password');
    const bySub = await create(subToken, 'https://hooks.example.com/sub');
    expect(bySub.statusCode).toBe(403);
    expect(bySub.json()).toMatchObject({ message: SUB_CANNOT_MANAGE_WEBHOOKS, code: 'forbidden' });
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      headers: bearer(m.token),
      payload: { name: 'everything', scopes: ['links:read', 'links:write', 'stats:read', 'rotator:write'] },
    });
    const byKey = await t.app.inject({ method: 'GET', url: '/api/account/webhooks', headers: bearer(key.json().secret) });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toMatchObject({ message: KEY_CANNOT, code: 'forbidden' });
  });
});
