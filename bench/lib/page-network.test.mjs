import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarise } from './page-network.mjs';

const script = (url, encoded, decoded, headers = {}) => ({ url, type: 'Script', status: 200, encoded, decoded, headers, done: true });

test('JS weight counts only scripts, in bytes on the wire and decoded', () => {
  const s = summarise([
    script('http://a/static/js/main.js', 1024, 4096, { 'content-encoding': 'br', 'cache-control': 'no-cache' }),
    script('http://a/static/js/1.abcdef12.chunk.js', 2048, 8192, {
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
    }),
    { url: 'http://a/profile', type: 'Document', status: 200, encoded: 900, decoded: 2000, headers: {} },
  ]);
  assert.equal(s.requests, 3);
  assert.equal(s.jsRequests, 2);
  assert.equal(s.jsKB, 3);
  assert.equal(s.jsDecodedKB, 12);
  assert.deepEqual(s.uncompressedScripts, []);
  assert.deepEqual(s.uncachedChunks, []);
});

test('flags a large script sent uncompressed and a hashed chunk without immutable caching', () => {
  const s = summarise([script('http://a/static/js/9.0123abcd.chunk.js', 50000, 50000, { 'cache-control': 'max-age=60' })]);
  assert.deepEqual(s.uncompressedScripts, ['http://a/static/js/9.0123abcd.chunk.js']);
  assert.deepEqual(s.uncachedChunks, ['http://a/static/js/9.0123abcd.chunk.js']);
});

test('counts requests that reach the member or admin remotes', () => {
  const s = summarise(
    [script('http://m:3002/remoteEntry.js', 10, 10, { 'content-encoding': 'br' }), script('http://p:3001/remoteEntry.js', 10, 10)],
    { 'mf-member': 'http://m:3002', 'mf-admin': 'http://x:3003' },
  );
  assert.equal(s.memberOrAdminRequests, 1);
});

test('lists failed requests with their status', () => {
  const s = summarise([{ url: 'http://api/x', type: 'Fetch', status: 500, encoded: 10, decoded: 10, headers: {} }]);
  assert.deepEqual(s.failedRequests, ['500 http://api/x']);
});
