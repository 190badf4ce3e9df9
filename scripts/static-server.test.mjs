// node --test scripts/   (Node's own runner: these scripts are plain ESM, outside any workspace)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { startStaticServer, pickEncoding, shellCsp, resolveInside } from './static-server.mjs';

const dist = mkdtempSync(join(tmpdir(), 'rl-static-'));
const chunk = 'static/js/app.0123456789abcdef.chunk.js';
const chunkBody = `console.log(${JSON.stringify('x'.repeat(2000))});`;
mkdirSync(join(dist, 'static/js'), { recursive: true });
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Rotalink</title>');
writeFileSync(join(dist, 'mf-manifest.json'), '{"id":"mf_member"}');
writeFileSync(join(dist, 'remoteEntry.js'), 'var mf_member;');
writeFileSync(join(dist, 'static/js/main.js'), 'import("./bootstrap")');
writeFileSync(join(dist, chunk), chunkBody);
writeFileSync(join(dist, `${chunk}.gz`), gzipSync(chunkBody));
writeFileSync(join(dist, `${chunk}.br`), brotliCompressSync(chunkBody));
writeFileSync(join(dist, 'config.json'), JSON.stringify({ apiBase: 'http://file-api:4000', remotes: {} }));
writeFileSync(join(tmpdir(), 'rl-secret.txt'), 'secret');

let remote;
let shell;
const config = {
  apiBase: 'http://localhost:4000',
  remotes: { mf_public: 'http://localhost:3001/mf-manifest.json', mf_member: 'http://cdn.example.com/member/mf-manifest.json' },
};

before(async () => {
  remote = await startStaticServer({ dir: dist, port: 0 });
  shell = await startStaticServer({ dir: dist, port: 0, spa: true, config });
});
after(() => {
  for (const s of [remote, shell]) {
    s.closeAllConnections();
    s.close();
  }
});

/** Raw HTTP (fetch would decompress and hide Content-Encoding, and normalise ../ paths). */
function get(server, path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.address().port, path, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('hashed chunks: brotli or gzip by Accept-Encoding, Vary, immutable for a year', async () => {
  const br = await get(remote, `/${chunk}`, { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.status, 200);
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers.vary, 'Accept-Encoding');
  assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal(br.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(br.body.length, Number(br.headers['content-length']));

  const gz = await get(remote, `/${chunk}`, { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  const plain = await get(remote, `/${chunk}`);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString(), chunkBody);
});

test('files that name other files are revalidated every time', async () => {
  for (const path of ['/index.html', '/mf-manifest.json', '/remoteEntry.js', '/static/js/main.js', '/config.json']) {
    const res = await get(remote, path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers['cache-control'], 'no-cache', path);
  }
});

test('remotes answer with CORS; the shell does not need to', async () => {
  assert.equal((await get(remote, '/mf-manifest.json')).headers['access-control-allow-origin'], '*');
  assert.equal((await get(remote, '/mf-manifest.json')).headers['content-type'], 'application/json; charset=utf-8');
  const preflight = await get(remote, '/remoteEntry.js', { origin: 'http://localhost:3000' }, 'OPTIONS');
  assert.equal(preflight.status, 204);
  assert.equal((await get(shell, '/index.html')).headers['access-control-allow-origin'], undefined);
});

test('conditional requests get 304', async () => {
  const first = await get(remote, '/remoteEntry.js');
  const again = await get(remote, '/remoteEntry.js', { 'if-none-match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
});

test('the shell: SPA fallback for page paths, a CSP, config.json from the arguments', async () => {
  for (const path of ['/user', '/Addlinks?userId=abc', '/no/such/page', '/profile/?userId=u1', '/login/', '/no/such/page/']) {
    const res = await get(shell, path);
    assert.equal(res.status, 200, path);
    assert.match(res.body.toString(), /<title>Rotalink<\/title>/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    const csp = res.headers['content-security-policy'];
    assert.match(csp, /script-src 'self' http:\/\/localhost:3001 http:\/\/cdn\.example\.com;/);
    assert.match(csp, /connect-src 'self' http:\/\/localhost:4000 /);
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /img-src 'self' data: https: http:\/\/localhost:3001 http:\/\/cdn\.example\.com;/);
  }
  const page = await get(shell, '/profile?userId=u1');
  assert.equal(
    page.headers.link,
    '<http://localhost:4000>; rel=preconnect; crossorigin, <http://localhost:3001>; rel=preconnect; crossorigin, <http://cdn.example.com>; rel=preconnect; crossorigin',
  );
  assert.equal((await get(remote, '/index.html')).headers.link, undefined);
  const cfg = await get(shell, '/config.json');
  assert.deepEqual(JSON.parse(cfg.body.toString()), config);
  assert.equal(cfg.headers['cache-control'], 'no-cache');
});

test('missing assets are 404, never index.html; remotes have no SPA fallback', async () => {
  assert.equal((await get(shell, '/static/js/gone.0123456789abcdef.chunk.js')).status, 404);
  assert.equal((await get(shell, '/favicon.ico')).status, 404);
  assert.equal((await get(shell, '/static/js/')).status, 404);
  assert.equal((await get(remote, '/user')).status, 404);
});

test('no directory traversal', async () => {
  for (const path of [
    '/../rl-secret.txt',
    '/%2e%2e/rl-secret.txt',
    '/static/%2e%2e%2f..%2f..%2frl-secret.txt',
    '/..%5crl-secret.txt',
    '/%00',
  ]) {
    const res = await get(remote, path);
    assert.ok([400, 404].includes(res.status), `${path} → ${res.status}`);
    assert.doesNotMatch(res.body.toString(), /secret/);
  }
  assert.equal(resolveInside('/srv/dist', '/%2e%2e/x'), null);
  assert.equal(resolveInside('/srv/dist', '/a/b.js'), '/srv/dist/a/b.js');
});

test('only GET, HEAD and OPTIONS', async () => {
  assert.equal((await get(remote, '/index.html', {}, 'POST')).status, 405);
  const head = await get(remote, `/${chunk}`, { 'accept-encoding': 'br' }, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
});

test('pickEncoding honours q=0 and wildcards', () => {
  assert.equal(pickEncoding('br;q=0, gzip'), 'gzip');
  assert.equal(pickEncoding('*'), 'br');
  assert.equal(pickEncoding('identity'), null);
  assert.equal(pickEncoding(undefined), null);
});

test('the shell CSP without a readable config still works, more loosely', () => {
  assert.match(shellCsp(undefined), /script-src 'self' http: https:/);
});

test('a missing folder is a clear error', async () => {
  await assert.rejects(startStaticServer({ dir: join(dist, 'nope'), port: 0 }), /is not a folder \(build it first\)/);
});
