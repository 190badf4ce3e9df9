import { addLink, activate, bearer, browser, engines, eventually, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { DOMAIN_IP, DOMAIN_LOCAL, DOMAIN_OURS, DOMAIN_PUBLIC_SUFFIX, DOMAIN_UNKNOWN_SUFFIX } from './domain-rules';
import { DOMAIN_TAKEN } from './domains.routes';
import { startLocalDns, type LocalDns } from './local-dns.test-helper';
import { DOMAIN_DNS_FAILED, DOMAIN_NOT_YET, DOMAIN_VERIFIED } from './verify-domains';

const SITE = { PUBLIC_SITE_URL: 'https://app.rotalink.io', API_PUBLIC_URL: 'https://api.rotalink.io' };

/** A local DNS server for the file, its address handed to the app through DOMAIN_DNS_SERVERS (read when the app is built). */
function useLocalDns(env: Record<string, string>): { dns: LocalDns } {
  const ctx = {} as { dns: LocalDns };
  beforeAll(async () => {
    ctx.dns = await startLocalDns();
    env.DOMAIN_DNS_SERVERS = ctx.dns.server;
  });
  afterAll(async () => ctx.dns?.close());
  return ctx;
}

/** Issue 32: custom domains — refusals, verification by TXT record through a real (local) DNS server, host routing. */
describe.each(engines)('custom domains (%s)', (engine) => {
  const env: Record<string, string> = { ...SITE, DOMAIN_DNS_TIMEOUT_MS: '500' };
  const local = useLocalDns(env);
  const t = useTestApp(engine, env);
  let a: Member;
  let seq = 0;
  const put = (m: Member, hostname: string) =>
    t.app.inject({ method: 'PUT', url: '/api/domains', headers: bearer(m.token), payload: { hostname } });
  const verify = (m: Member) => t.app.inject({ method: 'POST', url: '/api/domains/verify', headers: bearer(m.token), payload: {} });
  const allowed = (host: string) => t.app.inject({ method: 'GET', url: `/api/domains/allowed?domain=${encodeURIComponent(host)}` });
  const go = (host: string, path = '/go') =>
    t.app.inject({ method: 'GET', url: path, headers: browser({ host }), remoteAddress: `198.51.100.${++seq}` });

  beforeEach(async () => {
    a = await signupMember(t.app);
    await activate(t.db, a.userId);
  });

  it('refuses addresses, localhost, public suffixes, unknown suffixes and the site’s own domain', async () => {
    const cases: Array<[string, string]> = [
      ['127.0.0.1', DOMAIN_IP],
      ['[::1]', DOMAIN_IP],
      ['10.1.2.3', DOMAIN_IP],
      ['localhost', DOMAIN_LOCAL],
      ['shop.localhost', DOMAIN_LOCAL],
      ['co.uk', DOMAIN_PUBLIC_SUFFIX],
      ['github.io', DOMAIN_PUBLIC_SUFFIX],
      ['com', 'Enter a host name such as go.example.com.'],
      ['go.example.invalidtld', DOMAIN_UNKNOWN_SUFFIX],
      ['rotalink.io', DOMAIN_OURS],
      ['my.app.rotalink.io', DOMAIN_OURS],
      ['https://x.rotalink.io/path', DOMAIN_OURS],
      ['bad_host.example.com', 'Enter a host name such as go.example.com.'],
    ];
    for (const [hostname, message] of cases) {
      const res = await put(a, hostname);
      expect({ hostname, status: res.statusCode, message: res.json().message }).toEqual({ hostname, status: 400, message });
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/domains', headers: bearer(a.token) });
    expect(none.json()).toEqual({ domain: null });
  });

  it('verified by its TXT record: then the proxy may get a certificate, /go and /r rotate, the page resolves by host', async () => {
    const host = `go.member-${engine}-${++seq}.com`;
    const added = await put(a, `HTTPS://${host.toUpperCase()}/`);
    expect(added.statusCode).toBe(200);
    const domain = added.json().domain;
    expect(domain).toMatchObject({ hostname: host, txt_name: `_rotalink.${host}`, status: 'pending', verified_at: null });
    expect(domain.txt_value).toMatch(/^rotalink-verify-[A-Za-z0-9_-]{24}$/);
    const link = await addLink(t.app, a, { link: 'https://dest.example.org/offer', max_clicks: 5 });

    // Not verified yet: no certificate, a neutral 404 on the host, no page.
    expect((await verify(a)).json()).toMatchObject({ message: DOMAIN_NOT_YET, domain: { status: 'pending' } });
    expect((await allowed(host)).statusCode).toBe(404);
    const neutral = await go(host);
    expect(neutral.statusCode).toBe(404);
    expect(neutral.body).toContain('Page not found');
    expect(neutral.body).not.toMatch(/rotalink/i);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/host?host=${host}` })).statusCode).toBe(404);

    // Another account cannot take it, verified or not.
    const b = await signupMember(t.app);
    expect((await put(b, host)).json()).toMatchObject({ message: DOMAIN_TAKEN });

    local.dns.txt.set(`_rotalink.${host}`, ['v=something-else', domain.txt_value]);
    const verified = await verify(a);
    expect(verified.json()).toMatchObject({ message: DOMAIN_VERIFIED, domain: { status: 'verified', verified_at: expect.any(String) } });
    expect((await allowed(host)).json()).toEqual({ allowed: true });
    expect((await allowed(host.toUpperCase())).statusCode).toBe(200);
    expect((await allowed(`other.${host}`)).statusCode).toBe(404);

    // The rotator by host counts like by id; /r too; a port in the Host header is fine.
    const first = await go(host);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(link.link);
    expect((await go(`${host}:8443`, '/r')).headers.location).toBe(link.link);
    const row = await t.db.selectFrom('links').select('clicks').where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(Number(row.clicks)).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/host?host=${host}:443` })).json()).toEqual({
      user_id: a.userId,
      handle: null,
    });

    // The page on the custom origin may call the API (CORS), other origins still may not.
    const fromHost = await t.app.inject({
      method: 'GET',
      url: `/api/public/userliks?user_id=${a.userId}`,
      headers: { origin: `https://${host}` },
    });
    expect(fromHost.headers['access-control-allow-origin']).toBe(`https://${host}`);
    const fromElsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/public/userliks?user_id=${a.userId}`,
      headers: { origin: 'https://evil.example.net' },
    });
    expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();

    // DNS in trouble: nothing changes. The record gone: unverified at once.
    local.dns.failing = true;
    expect((await verify(a)).json()).toMatchObject({ message: DOMAIN_DNS_FAILED, domain: { status: 'verified' } });
    local.dns.failing = false;
    local.dns.txt.delete(`_rotalink.${host}`);
    expect((await verify(a)).json()).toMatchObject({ message: DOMAIN_NOT_YET, domain: { status: 'pending', verified_at: null } });
    expect((await allowed(host)).statusCode).toBe(404);
    expect((await go(host)).statusCode).toBe(404);

    // Removed: the name is free again.
    local.dns.txt.set(`_rotalink.${host}`, [domain.txt_value]);
    expect((await verify(a)).json().domain.status).toBe('verified');
    const removed = await t.app.inject({ method: 'POST', url: '/api/domains/remove', headers: bearer(a.token), payload: {} });
    expect(removed.json()).toEqual({ message: 'Custom domain removed.', domain: null });
    expect((await allowed(host)).statusCode).toBe(404);
    expect((await go(host)).statusCode).toBe(404);
    expect((await put(b, host)).statusCode).toBe(200);
  });
});

describe.each(engines)('custom domains: the scheduled check (%s)', (engine) => {
  const env: Record<string, string> = { ...SITE, DOMAIN_CHECK_INTERVAL_MS: '500', DOMAIN_DNS_TIMEOUT_MS: '500' };
  const local = useLocalDns(env);
  const t = useTestApp(engine, env);

  it('verifies a domain whose record appears and unverifies one whose record disappears, without Verify now', async () => {
    const m = await signupMember(t.app);
    const host = `links.job-${engine}.net`;
    const token = (await t.app.inject({ method: 'PUT', url: '/api/domains', headers: bearer(m.token), payload: { hostname: host } })).json()
      .domain.txt_value;
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/domains', headers: bearer(m.token) })).json().domain.status as string;
    local.dns.txt.set(`_rotalink.${host}`, [token]);
    await eventually(async () => (await status()) === 'verified', 15_000, 'the job verifies the domain');
    local.dns.txt.delete(`_rotalink.${host}`);
    await eventually(async () => (await status()) === 'pending', 15_000, 'the job unverifies the domain');
    const runs = await t.db.selectFrom('job_runs').select('name').where('name', '=', 'custom-domain-check').execute();
    expect(runs).toHaveLength(1);
  });
});
