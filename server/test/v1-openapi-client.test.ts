import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import createClient from 'openapi-fetch';
import { V1_PREFIX } from '@rotalink/shared-api/contract';
import { keyOf, serve } from '../src/modules/public-api/v1.test-helper';
import { activate, engines, signupMember, useTestApp } from './helpers';
import type { paths } from './v1-client/schema.gen';

/** Where the committed client types live; `UPDATE_V1_CLIENT=1 npx jest test/v1-openapi-client.test.ts` rewrites them. */
const GENERATED = join(__dirname, 'v1-client', 'schema.gen.ts');
// Its package's exports map `*.js` to `*.mjs`: the command is found next to its package.json.
const CLI = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');

/**
 * Issue 31 "Done when": a client generated from the served /api/v1 OpenAPI document (types by
 * openapi-typescript, calls by openapi-fetch) creates, reorders and reads links against a real
 * server. The types are generated here from what the server serves, and must equal the committed
 * ones the test compiles against: a route or schema changed without regenerating fails.
 */
describe.each(engines)('a client generated from /api/v1/openapi.json (%s)', (engine) => {
  const t = useTestApp(engine);
  let base: string;
  let document: { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>>; components: Record<string, unknown> };

  beforeAll(async () => {
    base = await serve(t.app);
    const res = await fetch(`${base}${V1_PREFIX}/openapi.json`);
    expect(res.status).toBe(200);
    document = (await res.json()) as typeof document;
  });

  it('is OpenAPI 3.1 of the v1 routes only, each with a summary, the bearer key scheme and examples', () => {
    expect(document.openapi).toBe('3.1.0');
    const urls = Object.keys(document.paths);
    expect(urls.length).toBeGreaterThanOrEqual(11);
    expect(urls.filter((u) => !u.startsWith(`${V1_PREFIX}/`))).toEqual([]);
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'rlk_<prefix>_<secret>' }),
    });
    for (const [url, operations] of Object.entries(document.paths))
      for (const [method, op] of Object.entries(operations)) {
        const text = JSON.stringify(op);
        expect({ url, method, summary: typeof op.summary, security: op.security, example: text.includes('"example') }).toEqual({
          url,
          method,
          summary: 'string',
          security: [{ bearer: [] }],
          example: true,
        });
      }
  });

  it('serves the readable docs page at /api/v1/docs', async () => {
    const page = await fetch(`${base}${V1_PREFIX}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const script = /src="([^"]*swagger-ui-bundle\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${base}${script}`)).status).toBe(200);
    const spec = await fetch(`${base}${V1_PREFIX}/docs/json`);
    expect(Object.keys(((await spec.json()) as typeof document).paths)).toEqual(Object.keys(document.paths));
  });

  it('generates the committed client types, which create, reorder and read links', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'v1-client-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
      execFileSync(process.execPath, [CLI, join(dir, 'openapi.json'), '-o', join(dir, 'schema.ts')], { stdio: 'pipe' });
      const fresh = readFileSync(join(dir, 'schema.ts'), 'utf8');
      if (process.env.UPDATE_V1_CLIENT === '1') writeFileSync(GENERATED, fresh);
      expect(fresh).toBe(readFileSync(GENERATED, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    const { secret } = await keyOf(t.app, m, ['links:read', 'links:write']);
    const client = createClient<paths>({ baseUrl: base, headers: { authorization: `Bearer ${secret}` } });
    const profile = { profileId: m.userId };

    const profiles = await client.GET('/api/v1/profiles');
    expect(profiles.data?.data.map((p) => p.id)).toEqual([m.userId]);
    const made: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const { data, response } = await client.POST('/api/v1/profiles/{profileId}/links', {
        params: { path: profile, header: { 'idempotency-key': `make-${name}` } },
        body: { link: `https://offer.example.com/${name.toLowerCase()}`, max_clicks: 10, name },
      });
      expect(response.status).toBe(201);
      made.push(data?.id as string);
    }
    const order = [made[2], made[0], made[1]];
    const reordered = await client.POST('/api/v1/profiles/{profileId}/links/reorder', {
      params: { path: profile },
      body: { link_ids: order },
    });
    expect(reordered.data?.data.map((l) => l.id)).toEqual(order);

    const page1 = await client.GET('/api/v1/profiles/{profileId}/links', { params: { path: profile, query: { limit: '2' } } });
    const page2 = await client.GET('/api/v1/profiles/{profileId}/links', {
      params: { path: profile, query: { limit: '2', cursor: page1.data?.next_cursor ?? undefined } },
    });
    expect([...(page1.data?.data ?? []), ...(page2.data?.data ?? [])].map((l) => [l.name, l.status])).toEqual([
      ['Third', 'pending'],
      ['First', 'pending'],
      ['Second', 'pending'],
    ]);
    expect(page2.data?.next_cursor).toBeNull();

    // A refusal comes back typed as the error body.
    const refused = await client.GET('/api/v1/profiles/{profileId}/stats/summary', {
      params: { path: profile, query: { from: new Date(Date.now() - 3600_000).toISOString(), to: new Date().toISOString() } },
    });
    expect({ status: refused.response.status, code: refused.error?.code }).toEqual({ status: 403, code: 'scope-missing' });
  });
});
