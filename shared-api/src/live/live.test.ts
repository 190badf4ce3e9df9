/**
 * The /live entry against a real HTTP server (jsdom's XMLHttpRequest, CORS and all): the
 * conditional polling of issue 15 (If-None-Match → 304 → the same data), the one-call totals of
 * a member's profiles, the CSV download — and that these calls run on the client of the main
 * entry (one token store, one session-ended handler, one ApiError), which they reach by the
 * package name as the pages do (decision 0071).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { ApiError, configureApi, setSessionEndedHandler, tokenStore } from '@rotalink/shared-api';
import { downloadClicksCsv, getAdminUserStats, getStatsProfiles, getStatsSeries, getStatsSummary, pollMemberLinks } from './index';

let server: Server;
let seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
let body = '{"n":1}';
let status = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Content-Disposition');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Headers': 'authorization, if-none-match', 'Access-Control-Allow-Methods': 'GET' });
      return res.end();
    }
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url?.startsWith('/api/stats/clicks.csv')) {
      const type = status === 200 ? 'text/csv' : 'application/json';
      res.writeHead(status, { 'Content-Type': type, 'Content-Disposition': 'attachment; filename="rotalink-clicks-u1.csv"' });
      return res.end(body);
    }
    const etag = `"${Buffer.from(body).toString('base64url')}"`;
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag });
      return res.end();
    }
    res.writeHead(status, { 'Content-Type': 'application/json', ...(status === 200 ? { ETag: etag } : {}) });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  configureApi({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  seen = [];
  body = '{"n":1}';
  status = 200;
  tokenStore.setSession('tok-1');
  setSessionEndedHandler(null);
});

const range = { user_id: 'u1', from: '2026-10-01T00:00:00Z', to: '2026-10-02T00:00:00Z' };
const quiet = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

it('a second poll sends the ETag, gets a 304 and returns the same data unchanged', async () => {
  const first = await getStatsSummary(range);
  expect(first).toEqual({ data: { n: 1 }, changed: true });
  const second = await getStatsSummary(range);
  expect(second.changed).toBe(false);
  expect(second.data).toBe(first.data);
  expect(seen[0].headers['if-none-match']).toBeUndefined();
  expect(seen[1].headers['if-none-match']).toBe(`"${Buffer.from('{"n":1}').toString('base64url')}"`);
  expect(seen[1].headers.authorization).toBe('Bearer tok-1');

  body = '{"n":2}';
  await expect(getStatsSummary(range)).resolves.toEqual({ data: { n: 2 }, changed: true });
});

it('sends the query of the series, leaving out what is not given, and polls the member links too', async () => {
  await getStatsSeries({ ...range, interval: 'day', tz: 'Europe/Berlin' });
  expect(seen[0].url).toBe(
    '/api/stats/series?user_id=u1&from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z&interval=day&tz=Europe%2FBerlin',
  );
  await pollMemberLinks('u1');
  const again = await pollMemberLinks('u1');
  expect(again.changed).toBe(false);
  expect(seen[2].headers['if-none-match']).toBeDefined();
});

it("asks for every profile's totals in one conditional call, user_id only when given", async () => {
  body = '{"profiles":[]}';
  await getStatsProfiles({ from: range.from, to: range.to });
  await getStatsProfiles({ from: range.from, to: range.to, user_id: 'u9' });
  const again = await getStatsProfiles({ from: range.from, to: range.to });
  expect(seen.map((s) => s.url)).toEqual([
    '/api/stats/profiles?from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z',
    '/api/stats/profiles?from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z&user_id=u9',
    '/api/stats/profiles?from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z',
  ]);
  expect(again).toMatchObject({ changed: false, data: { profiles: [] } });
  expect(seen[0].headers.authorization).toBe('Bearer tok-1');
  await getAdminUserStats('u 1');
  expect(seen[3].url).toBe('/api/admin/userstats/u%201');
});

it('another token does not reuse the previous answer', async () => {
  await getStatsSummary({ ...range, user_id: 'u2' });
  tokenStore.setSession('tok-2');
  await expect(getStatsSummary({ ...range, user_id: 'u2' })).resolves.toMatchObject({ changed: true });
  expect(seen[1].headers['if-none-match']).toBeUndefined();
  expect(seen[1].headers.authorization).toBe('Bearer tok-2');
});

it('downloads the CSV with the file name of Content-Disposition', async () => {
  body = 'time,link_name\n2026-10-01T00:00:00.000Z,A\n';
  const file = await downloadClicksCsv(range);
  expect(file.filename).toBe('rotalink-clicks-u1.csv');
  expect(file.blob.size).toBe(body.length);
  expect(seen[0].url).toBe('/api/stats/clicks.csv?user_id=u1&from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z');
});

it("a refused download shows the server's text and code", async () => {
  status = 403;
  body = JSON.stringify({ error: 'You can only manage your own profile and sub-profiles.', message: 'x', code: 'forbidden' });
  quiet();
  const err = (await downloadClicksCsv(range).catch((e: unknown) => e)) as ApiError;
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ code: 'forbidden', status: 403, message: 'You can only manage your own profile and sub-profiles.' });
});

describe('one client: the token store, handler and errors of the main entry', () => {
  it('refuses before sending when the main token store holds no token', async () => {
    tokenStore.clear();
    await expect(getStatsProfiles({ from: range.from, to: range.to })).rejects.toMatchObject({ code: 'token-missing' });
    expect(seen).toEqual([]);
  });

  it("an ended session met by a live poll clears the main store and calls the shell's handler", async () => {
    const ended = jest.fn();
    setSessionEndedHandler(ended);
    quiet();
    status = 401;
    body = JSON.stringify({ error: 'Unauthorized: jwt expired', message: 'Unauthorized: jwt expired', code: 'session-ended' });
    const err = await getStatsProfiles({ from: range.from, to: range.to }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError); // the main entry's class: a second copy would fail instanceof
    expect(err).toMatchObject({ kind: 'session-ended' });
    expect(tokenStore.getToken()).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  /**
   * A relative import of the client's state (http.ts, the token store, the errors, the calls)
   * would bundle a second copy into every page that imports /live: its own token store, never
   * signed in, and its own session-ended handler, never installed. Follows every relative import.
   */
  it('src/live reaches only stateless modules by relative imports, and the client only by the package name', () => {
    const packages = new Set<string>();
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [statement, , spec] of Array.from(source.matchAll(/(?:import|export)([^'";]*?)from\s*'([^']+)'/g))) {
        if (/^(?:import|export) type /.test(statement)) continue; // erased: no module at run time
        if (!spec.startsWith('.')) packages.add(spec);
        else visit([`${resolve(dirname(file), spec)}.ts`, join(resolve(dirname(file), spec), 'index.ts')].find(exists)!);
      }
    };
    visit(join(__dirname, 'index.ts'));
    const src = resolve(__dirname, '..');
    expect(
      [...reached]
        .map((f) => relative(src, f))
        .filter((f) => !f.startsWith('live/'))
        .sort(),
    ).toEqual([
      'contract/access.ts',
      'contract/webhook-events.ts',
      'paths/account-data.ts',
      'paths/api-keys.ts',
      'paths/audit.ts',
      'paths/conversions.ts',
      'paths/sessions.ts',
      'paths/stats.ts',
      'paths/two-factor.ts',
      'paths/webhooks.ts',
      'rules/stats.ts',
    ]);
    expect([...packages]).toEqual(['@rotalink/shared-api']);
  });
});

function exists(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}
