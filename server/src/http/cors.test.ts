import { activate, addOffers, engines, signupMember, useTestApp } from '../../test/helpers';

/** CORS (decision 0077): what a browser on an allowed origin, and on any other, is told. */
describe.each(engines)('CORS (%s)', (engine) => {
  const t = useTestApp(engine, { CORS_ORIGINS: 'https://admin.example.com' });
  const site = 'http://localhost:3000';

  it('a call from an allowed origin gets that origin back and the headers it may read', async () => {
    for (const origin of [site, 'https://admin.example.com']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-expose-headers']).toBe('ETag, Content-Disposition');
      expect(res.headers.vary).toMatch(/Origin/);
    }
  });

  it('a call from another origin, or without one, is answered without any allowance (but says it varies)', async () => {
    for (const headers of [{ origin: 'https://evil.example.com' }, { origin: 'null' }, {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-expose-headers']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Origin/);
    }
  });

  it('the router’s own refusals (an over-long id, a malformed address) carry CORS and security headers, so the browser reads their text', async () => {
    for (const url of [
      `/api/admin/users/${'a'.repeat(101)}`,
      `/api/auth/getsubprofile/${'a'.repeat(150)}`,
      '/api/auth/getsubprofile/%E0%A4%A',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: site } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^The (id in the )?address is not valid\.$/);
      expect(res.headers['access-control-allow-origin']).toBe(site);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it('a preflight on any path is a 204 with the methods, headers and max-age; the origin only when allowed', async () => {
    const preflight = (origin: string, url = '/api/links/linkadd') =>
      t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
    const ok = await preflight(site);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(site);
    expect(ok.headers['access-control-allow-methods']).toBe('GET, POST, PUT, OPTIONS');
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toBe('content-type, authorization, if-none-match');
    expect(ok.headers['access-control-max-age']).toBe('600');
    expect(ok.headers['content-length']).toBe('0');
    expect(ok.body).toBe('');

    const elsewhere = await preflight('https://evil.example.com');
    expect(elsewhere.statusCode).toBe(204);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();

    const unknownPath = await preflight(site, '/api/no/such/route');
    expect(unknownPath.statusCode).toBe(204);
    expect(unknownPath.headers['access-control-allow-origin']).toBe(site);
  });

  it('a large public answer varies on both Origin and Accept-Encoding', async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    await addOffers(t.app, m, 20);
    for (let read = 0; read < 2; read++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}`, headers: { origin: site } });
      expect(res.headers['access-control-allow-origin']).toBe(site);
      expect(String(res.headers.vary).split(/,\s*/)).toEqual(['Origin', 'Accept-Encoding']);
    }
  });
});
