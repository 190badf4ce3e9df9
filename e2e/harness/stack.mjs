// The composed product as it is deployed (DESIGN §2-§3): the API and four static front ends, each
// on its own origin. Used by global-setup.mjs; tests steer it through the control server
// (control-server.mjs) because they run in Jest's sandbox, not in this module's realm.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdirSync, createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
export const HOST = '127.0.0.1';
export const REMOTES = /** @type {const} */ (['mf_public', 'mf_member', 'mf_admin']);
/** container name → workspace folder */
export const FOLDER = { shell: 'shell', mf_public: 'mf-public', mf_member: 'mf-member', mf_admin: 'mf-admin' };

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/** Every build the suite needs; one clear line when something is missing. */
export function checkBuilds() {
  const needed = [
    ['server/dist/server.js', 'the API build'],
    ['shell/dist/index.html', 'the shell build'],
    ['mf-public/dist/mf-manifest.json', 'the mf-public build'],
    ['mf-member/dist/mf-manifest.json', 'the mf-member build'],
    ['mf-admin/dist/mf-manifest.json', 'the mf-admin build'],
  ];
  for (const [file, what] of needed) {
    if (!existsSync(join(ROOT, file))) {
      throw new Error(`e2e: ${what} is missing (${file}) — run \`npm run build\` first, then \`npm run e2e\`.`);
    }
  }
}

/** startStaticServer from the project's own serving script (the same code `npm start` uses). */
export async function loadStaticServer() {
  const file = join(ROOT, 'scripts/static-server.mjs');
  const mod = existsSync(file) ? await import(pathToFileURL(file).href) : {};
  if (typeof mod.startStaticServer !== 'function') {
    throw new Error('e2e: scripts/static-server.mjs with startStaticServer() is missing — the suite serves the front ends with it.');
  }
  return mod.startStaticServer;
}

/** Waits until url answers 200, or the process exits, or the time is up. */
export async function waitForHttp(url, { timeoutMs = 30_000, child, logFile } = {}) {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    if (child && child.exitCode !== null) {
      throw new Error(`e2e: the API exited with code ${child.exitCode} before answering ${url}.\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = String(/** @type {Error} */ (err).message);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`e2e: ${url} did not answer within ${timeoutMs} ms (${last}).\n${logFile ? tail(logFile) : ''}`);
}

function tail(file) {
  if (!file || !existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
}

/**
 * Starts the built API (server/dist/server.js) with a fresh SQLite file. Extra env wins, so a
 * test can start a second node with a short JWT_TTL on the same database and secret.
 */
export async function startApi({ port, tmp, env, name = 'api' }) {
  mkdirSync(join(tmp, 'logs'), { recursive: true });
  const logFile = join(tmp, 'logs', `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [join(ROOT, 'server/dist/server.js')], {
    cwd: tmp,
    env: { ...process.env, NODE_ENV: 'test', ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://${HOST}:${port}`;
  // 90 s: on a 2-core machine shared by several suites, loading the API alone took 30 s of wall clock (1.3 s of CPU).
  await waitForHttp(`${url}/healthz`, { child, logFile, timeoutMs: 90_000 });
  return { url, child, logFile };
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve(undefined);
    child.once('exit', () => resolve(undefined));
    child.kill('SIGTERM');
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000).unref();
  });
}

/** Closes whatever startStaticServer returned (an http.Server or an object with close()). */
export async function closeServer(server) {
  if (!server) return;
  const target = typeof server.close === 'function' ? server : server.server;
  if (!target) return;
  target.closeAllConnections?.();
  await new Promise((resolve) => {
    const result = target.close((/** @type {unknown} */ _err) => resolve(undefined));
    if (result && typeof result.then === 'function') result.then(resolve, resolve);
  });
}
