/**
 * The stats calls against a real HTTP server (jsdom's XMLHttpRequest, CORS and all): the
 * conditional polling of issue 15 (If-None-Match → 304 → the same data) and the CSV download.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, configureApi, downloadClicksCsv, getStatsSeries, getStatsSummary, pollMemberLinks, tokenStore } from '../index';

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
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag });
      return res.end();
    }
    res.writeHead(status, { 'Content-Type': 'application/json', ETag: etag });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  body = '{"n":1}';
  status = 200;
  tokenStore.setSession('tok-1');
});

const range = { user_id: 'u1', from: '2026-10-01T00:00:00Z', to: '2026-10-02T00:00:00Z' };

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

it('another token does not reuse the previous answer', async () => {
  await getStatsSummary({ ...range, user_id: 'u2' });
  tokenStore.setSession('tok-2');
  await expect(getStatsSummary({ ...range, user_id: 'u2' })).resolves.toMatchObject({ changed: true });
  expect(seen[1].headers['if-none-match']).toBeUndefined();
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
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const err = (await downloadClicksCsv(range).catch((e: unknown) => e)) as ApiError;
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({ code: 'forbidden', status: 403, message: 'You can only manage your own profile and sub-profiles.' });
});
