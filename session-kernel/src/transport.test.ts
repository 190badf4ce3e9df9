/**
 * The kernel's transport against a real HTTP server: base address, bearer header, bodies, every
 * status answered (never thrown), no answer thrown, the session-ended reaction by code, and the
 * start-up preloader's early answers.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureTransport, offerEarlyAnswer, send, setSessionEndedHandler, tokenStore, TransportNetworkError } from './index';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let server: Server;
let base: string;
let seen: Seen[] = [];
let reply: { status: number; body?: string; headers?: Record<string, string> } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  reply = { status: 200, body: '{"ok":true}' };
  configureTransport({ baseURL: `${base}//` });
  tokenStore.clear();
  setSessionEndedHandler(null);
});

it('prefixes the configured base, sends JSON bodies and the held token only when asked', async () => {
  tokenStore.setSession('t-1');
  const answer = await send({ method: 'post', url: '/api/x?a=1', body: { n: 1 }, bearer: true });
  expect(answer).toMatchObject({ status: 200, ok: true, data: { ok: true } });
  expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/x?a=1', body: '{"n":1}' });
  expect(seen[0].headers).toMatchObject({ authorization: 'Bearer t-1', 'content-type': 'application/json' });

  await send({ method: 'GET', url: 'api/y' });
  expect(seen[1].url).toBe('/api/y');
  expect(seen[1].headers.authorization).toBeUndefined();
  expect(seen[1].headers['content-type']).toBeUndefined(); // no preflight for a public read
});

it('answers every status instead of throwing; text that is not JSON stays text', async () => {
  reply = { status: 502, body: '<html>bad gateway</html>' };
  await expect(send({ method: 'GET', url: '/api/z' })).resolves.toMatchObject({ status: 502, ok: false, data: '<html>bad gateway</html>' });
  reply = { status: 204, body: '' };
  await expect(send({ method: 'DELETE', url: '/api/z' })).resolves.toMatchObject({ status: 204, data: '' });
});

it('rejects with TransportNetworkError when no answer comes', async () => {
  configureTransport({ baseURL: 'http://127.0.0.1:1' });
  await expect(send({ method: 'GET', url: '/api/x' })).rejects.toBeInstanceOf(TransportNetworkError);
});

it("the code 'session-ended' on a call that carried the token ends the session and calls the handler", async () => {
  const handler = jest.fn();
  setSessionEndedHandler(handler);
  tokenStore.setSession('old', { admin: true });
  reply = { status: 401, body: '{"error":"Unauthorized: jwt expired","code":"session-ended"}' };
  await expect(send({ method: 'GET', url: '/api/p', bearer: true })).resolves.toMatchObject({ status: 401 });
  expect(handler).toHaveBeenCalledTimes(1);
  expect(tokenStore.getToken()).toBeNull();
  expect(tokenStore.sessionEndedByServer()).toBe(true);
});

it('a 401 with another code, or a session-ended code on a token-less call, keeps the session', async () => {
  const handler = jest.fn();
  setSessionEndedHandler(handler);
  tokenStore.setSession('mine');
  reply = { status: 401, body: '{"error":"Invalid credentials","code":"bad-credentials"}' };
  await send({ method: 'POST', url: '/api/login', bearer: true });
  reply = { status: 401, body: '{"message":"x","code":"session-ended"}' };
  await send({ method: 'GET', url: '/api/public' });
  expect(handler).not.toHaveBeenCalled();
  expect(tokenStore.getToken()).toBe('mine');
});

describe('early answers of the start-up preloader', () => {
  const early = (body: string) => Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));

  it('the first identical GET with the same token takes it instead of a request, once', async () => {
    tokenStore.setSession('adm');
    offerEarlyAnswer(`${base}/api/admin/allusers?page=2`, 'adm', early('{"total":99}'));
    await expect(send({ method: 'GET', url: '/api/admin/allusers?page=2', bearer: true })).resolves.toMatchObject({ data: { total: 99 } });
    expect(seen).toHaveLength(0);
    await send({ method: 'GET', url: '/api/admin/allusers?page=2', bearer: true });
    expect(seen).toHaveLength(1); // a Refresh asks the server
  });

  it('a failed early read (null) or one made with another token is not used', async () => {
    tokenStore.setSession('adm');
    offerEarlyAnswer(`${base}/api/a`, 'adm', Promise.resolve(null));
    offerEarlyAnswer(`${base}/api/b`, 'someone-else', early('{"theirs":true}'));
    await expect(send({ method: 'GET', url: '/api/a', bearer: true })).resolves.toMatchObject({ data: { ok: true } });
    await expect(send({ method: 'GET', url: '/api/b', bearer: true })).resolves.toMatchObject({ data: { ok: true } });
    expect(seen.map((s) => s.url)).toEqual(['/api/a', '/api/b']);
  });
});
