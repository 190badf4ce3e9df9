import { endpoints } from '@rotalink/shared-api/contract';
import { buildApp } from '../src/app';
import { engines, useTestApp } from './helpers';

describe.each(engines)('app (%s)', (engine) => {
  const t = useTestApp(engine, { CORS_ORIGINS: 'https://admin.example.com' });

  it('GET /healthz answers ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('GET /healthz is not rate limited (load balancers poll it from one address)', async () => {
    const limited = await buildApp({
      config: { ...t.config, rateLimit: { ...t.config.rateLimit, globalPerMin: 2 } },
      db: t.db,
      logger: false,
    });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await limited.inject({ method: 'GET', url: '/healthz' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200]);
    expect((await limited.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    expect((await limited.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    expect((await limited.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(429);
    await limited.close();
  });

  it('GET /docs/json is OpenAPI with every call of the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const e of Object.values(endpoints)) {
      const path = e.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[e.method.toLowerCase()]).toBeDefined();
    }
    expect(doc.paths['/api/links/linkadd'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['link', 'user_id']),
    );
  });

  it('CORS allows PUBLIC_SITE_URL and CORS_ORIGINS only', async () => {
    const pre = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
    expect((await pre('http://localhost:3000')).headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect((await pre('https://admin.example.com')).headers['access-control-allow-origin']).toBe('https://admin.example.com');
    expect((await pre('https://evil.example.com')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('unexpected errors', () => {
  const t = useTestApp('sqlite');

  it('answer 500 Something went wrong! without the error text or stack', async () => {
    // A route added for the test only: any bug deep in a handler looks like this to the client.
    const app = await buildApp({ config: t.config, db: t.db, logger: false });
    app.get('/boom', async () => {
      throw new Error('secret database password in error text');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong!', message: 'Something went wrong!', code: 'internal' });
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});
