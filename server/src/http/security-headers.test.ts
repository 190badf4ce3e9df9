import { buildApp } from '../app';
import { useTestApp } from '../../test/helpers';
import { computeSecurityHeaders } from './security-headers';

describe('security headers (computed once from helmet)', () => {
  const t = useTestApp('sqlite');

  it('are the API policy: nothing loads, nothing frames, no sniffing, HSTS', () => {
    const h = computeSecurityHeaders();
    expect(h['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['cross-origin-resource-policy']).toBe('same-origin');
    expect(h['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['a public read', '/api/public/publicProfile?user_id=AAAAAAAAAAAAAAAAAAAAAA', 404],
    ['an unknown route', '/api/nothing-here', 404],
    ['a refused input', '/api/public/userliks', 400],
    ['a missing token', '/api/auth/profile', 401],
  ])('are on every answer: %s', async (_what, url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const expected = computeSecurityHeaders();
    for (const [name, value] of Object.entries(expected)) expect([name, res.headers[name]]).toEqual([name, value]);
  });

  it('are on a hidden 500 and on a CORS preflight', async () => {
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    const pre = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: t.config.publicSiteUrl, 'access-control-request-method': 'POST' },
    });
    expect(pre.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('a route may still set its own policy (the checkout page does)', async () => {
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    app.get('/page', async (_request, reply) => reply.type('text/html').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").send('<p>hi</p>'));
    const res = await app.inject({ method: 'GET', url: '/page' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});
