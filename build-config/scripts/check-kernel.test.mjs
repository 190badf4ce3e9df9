// node --test build-config/scripts/ (part of npm test): the deploy-time kernel check (issue 26),
// run as a team runs it, against a shell manifest on disk and one served over HTTP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(import.meta.dirname, 'check-kernel.mjs');
const dir = mkdtempSync(join(tmpdir(), 'rl-kernel-check-'));
const shell = { name: 'shell', rotalinkKernel: { version: '1.0.0', exports: ['KERNEL_VERSION', 'send', 'tokenStore'] } };
writeFileSync(join(dir, 'shell.json'), JSON.stringify(shell));

function remote(name, imports) {
  const dist = join(dir, name);
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name, rotalinkKernel: { built: '1.1.0', range: '^1.1.0', imports } }));
  return dist;
}
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

let server;
let url;
before(async () => {
  server = createServer((_req, res) => res.end(JSON.stringify(shell)));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}/mf-manifest.json`;
});
after(() => server.close());

test('a remote that imports only names of the deployed kernel passes', () => {
  const result = run('--remote', remote('fits', ['send', 'tokenStore']), '--shell', join(dir, 'shell.json'));
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /fits fits the deployed shell \(kernel 1\.0\.0/);
});

/** Runs the check without blocking this process, which serves the shell's manifest meanwhile. */
function runAsync(...args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args]);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

test('a remote that imports a name the deployed kernel lacks fails, naming it and both versions', async () => {
  const result = await runAsync('--remote', remote('newer', ['send', 'sendBatch']), '--shell', url);
  assert.equal(result.status, 1);
  assert.match(
    result.stderr,
    /newer \(built with session kernel 1\.1\.0, \^1\.1\.0\) imports sendBatch, which the deployed shell's kernel 1\.0\.0 does not have/,
  );
});

test('an unreadable manifest or one from before the kernel is an error of its own (exit 2)', () => {
  assert.equal(run('--remote', join(dir, 'nowhere'), '--shell', join(dir, 'shell.json')).status, 2);
  writeFileSync(join(dir, 'old-shell.json'), '{"name":"shell"}');
  const old = run('--remote', remote('any', ['send']), '--shell', join(dir, 'old-shell.json'));
  assert.equal(old.status, 2);
  assert.match(old.stderr, /predates the session kernel/);
});
