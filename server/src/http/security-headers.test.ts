import { buildApp } from '../app';
import { useTestApp } from '../../test/helpers';
import { API_HEADERS, DOCUMENT_HEADERS } from './security-headers';

describe('security headers (computed once from helmet)', () => {
  const t = useTestApp('sqlite');

  it('the API policy: nothing loads, nothing frames, no sniffing, HSTS, no referrer, same-origin resources', () => {
    expect(API_HEADERS).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
  });

  it.each([
    ['a public read', '/api/public/publicProfile?user_id=AAAAAAAAAAAAAAAAAAAAAA', 404],
    ['an unknown route', '/api/nothing-here', 404],
    ['a refused input', '/api/public/userliks', 400],
    ['a missing token', '/api/auth/profile', 401],
    ['the health check', '/healthz', 200],
  ])('are on every answer: %s', async (_what, url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    for (const [name, value] of Object.entries(API_HEADERS)) expect([name, res.headers[name]]).toEqual([name, value]);
    expect(res.headers['x-powered-by']).toBeUndefined();
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

  it('an HTML page of the API (the local checkout) gets the document headers and its own policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/checkout/cs_local_unknownunknownunknown' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) expect([name, page.headers[name]]).toEqual([name, value]);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'; style-src 'unsafe-inline'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
