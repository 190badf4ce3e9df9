// `npm start` (DESIGN §3): builds what is not built, then runs the whole product on this machine —
// the API, the shell and each remote from its own port, as static files the way they deploy —
// writes the shell's config.json pointing at them, waits until all answer and prints the URL.
// Ctrl-C stops everything. Ports: PORT (API), SHELL_PORT, PUBLIC_PORT, MEMBER_PORT, ADMIN_PORT.
// `npm start -- --no-build` serves exactly what is built (nothing is compiled first).
// Builds show one line per part; their full output goes to DATA_DIR/build.log (default
// data/build.log), and `npm start -- --verbose` streams it to the terminal too.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createBuildReporter, terminalStatus } from './build-progress.mjs';
import { startStaticServer } from './static-server.mjs';

const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const HOST = process.env.STATIC_HOST || '127.0.0.1';

const children = new Set();
const servers = [];
let stopping = false;
/** The API's own line about the admin account, repeated in the summary (DESIGN §3). */
let adminLine = '';

function port(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) fail(`${name} must be a port number (1-65535), got "${raw}"`);
  return n;
}

function fail(message) {
  console.error(`\n[start] ${message}`);
  for (const child of children) child.kill('SIGTERM'); // never leave an API running behind us
  process.exit(1);
}

const ports = {
  api: port('PORT', 4000),
  shell: port('SHELL_PORT', 3000),
  mf_public: port('PUBLIC_PORT', 3001),
  mf_member: port('MEMBER_PORT', 3002),
  mf_admin: port('ADMIN_PORT', 3003),
};
const REMOTES = [
  { name: 'mf_public', folder: 'mf-public' },
  { name: 'mf_member', folder: 'mf-member' },
  { name: 'mf_admin', folder: 'mf-admin' },
];
const siteUrl = `http://localhost:${ports.shell}`;
const apiUrl = process.env.API_PUBLIC_URL || `http://localhost:${ports.api}`;

const log = (line) => console.log(`[start] ${line}`);

/** Pipes a child's output line by line behind a prefix, so four sources stay readable. */
function prefixed(child, prefix, onLine) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      console.log(`${prefix} ${line}`);
      onLine?.(line);
    });
  }
}

const verbose = process.argv.includes('--verbose');
// Beside the API's database (the server reads DATA_DIR the same way), so one folder holds a run's files.
const builds = createBuildReporter({
  logFile: join(resolve(ROOT, process.env.DATA_DIR || 'data'), 'build.log'),
  verbose,
  status: verbose ? null : terminalStatus(),
  cwd: process.cwd(),
});

async function build(ws) {
  const { ok } = await builds.run(ws, 'npm', ['run', 'build', '-w', ws], { spawnCwd: ROOT });
  return ok;
}

/** Newest modification time under a folder (sources), to rebuild shared-api when it changed. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else if (!entry.name.endsWith('.test.ts')) latest = Math.max(latest, statSync(full).mtimeMs);
  }
  return latest;
}

/** Sequential builds (the machine has 2 cores): only what is missing. */
async function buildMissing() {
  const sharedDist = join(ROOT, 'shared-api/dist/esm/index.js');
  const missing = [
    { ws: 'server', marker: 'server/dist/server.js', required: false },
    { ws: 'shell', marker: 'shell/dist/index.html', required: true },
    ...REMOTES.map((r) => ({ ws: r.folder, marker: `${r.folder}/dist/mf-manifest.json`, required: false })),
  ].filter(({ marker }) => !existsSync(join(ROOT, marker)));
  // Every other build compiles against shared-api's dist, so a stale one is rebuilt too (seconds).
  const staleShared = !existsSync(sharedDist) || statSync(sharedDist).mtimeMs < newest(join(ROOT, 'shared-api/src'));
  announce([...(staleShared ? ['shared-api'] : []), ...missing.map((m) => m.ws)]);
  if (staleShared && !(await build('shared-api'))) fail('the shared-api build failed (see above)');
  for (const { ws, required } of missing) {
    if (!existsSync(join(ROOT, ws, ws === 'server' ? 'src/server.ts' : 'src/index.ts'))) {
      log(`${ws} has no sources yet — skipped${required ? '' : ' (its part of the site is unavailable)'}`);
      if (required) fail(`${ws} cannot be built`);
      continue;
    }
    const ok = await build(ws);
    if (!ok && required) fail(`the ${ws} build failed (see above)`);
    if (!ok) log(`the ${ws} build failed — continuing without it`);
  }
  await builds.close();
}

/** One line before the builds: what will be built, and where their output goes. */
function announce(parts) {
  if (parts.length === 0) return;
  log(`building ${parts.join(', ')}, one after the other (full output ${verbose ? 'below and ' : ''}in ${builds.shownLog})`);
}

function startApi() {
  const entry = join(ROOT, 'server/dist/server.js');
  if (!existsSync(entry)) {
    log('the API is not built (server/dist/server.js is missing): the pages load, but every call fails.');
    log('build it with `npm run build -w server`, then run `npm start` again.');
    return null;
  }
  const env = {
    ...process.env,
    PORT: String(ports.api),
    PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL || siteUrl,
    API_PUBLIC_URL: apiUrl,
  };
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  prefixed(child, '[api]', (line) => {
    if (/admin/i.test(line) && /password|username/i.test(line) && !line.startsWith('{')) adminLine = line.trim();
  });
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[start] the API stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
      void stop(1);
    }
  });
  return child;
}

async function waitFor(url, what, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end && !stopping) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!stopping) log(`${what} did not answer at ${url} (${last})`);
  return false;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping …');
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
  process.exit(code);
}

async function main() {
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  if (process.argv.includes('--no-build')) log('--no-build: serving what is built');
  else await buildMissing();
  if (stopping) return;

  const config = {
    apiBase: apiUrl,
    remotes: Object.fromEntries(REMOTES.map((r) => [r.name, `http://localhost:${ports[r.name]}/mf-manifest.json`])),
  };
  const servedRemotes = [];
  for (const { name, folder } of REMOTES) {
    const dir = join(ROOT, folder, 'dist');
    if (!existsSync(join(dir, 'mf-manifest.json'))) {
      log(`${folder} is not built: its pages will show "temporarily unavailable".`);
      continue;
    }
    try {
      servers.push(await startStaticServer({ dir, port: ports[name], host: HOST }));
      servedRemotes.push(name);
    } catch (err) {
      fail(`${folder} could not listen on port ${ports[name]}: ${err.message}`);
    }
  }

  // The shell's config.json: written beside its index.html (what a static host would serve) and
  // served from memory, so it always matches the ports of this run.
  const configFile = join(ROOT, 'shell/dist/config.json');
  const configText = `${JSON.stringify(config, null, 2)}\n`;
  if (!existsSync(configFile) || readFileSync(configFile, 'utf8') !== configText) writeFileSync(configFile, configText);
  try {
    servers.push(await startStaticServer({ dir: join(ROOT, 'shell/dist'), port: ports.shell, spa: true, config, host: HOST }));
  } catch (err) {
    fail(`the shell could not listen on port ${ports.shell}: ${err.message}`);
  }

  // The API last: a port conflict of a static server then stops the run before anything is spawned.
  const api = startApi();

  const checks = [
    waitFor(`http://${HOST}:${ports.shell}/`, 'the shell'),
    ...servedRemotes.map((name) => waitFor(`http://${HOST}:${ports[name]}/mf-manifest.json`, name)),
  ];
  if (api) checks.push(waitFor(`http://127.0.0.1:${ports.api}/healthz`, 'the API'));
  const answered = await Promise.all(checks);
  if (stopping) return;

  console.log('');
  console.log('  Rotalink is running.');
  console.log(`  Open ${siteUrl}`);
  console.log('');
  console.log(`  API        ${apiUrl}${api ? '' : '   (not built — calls will fail)'}`);
  console.log(`  shell      ${siteUrl}`);
  for (const { name, folder } of REMOTES) {
    const state = servedRemotes.includes(name) ? '' : '   (not built — unavailable)';
    console.log(`  ${folder.padEnd(10)} http://localhost:${ports[name]}${state}`);
  }
  if (answered.includes(false)) console.log('\n  Some parts did not answer yet — see the lines above.');
  if (api) {
    console.log(`\n  Admin sign-in: ${siteUrl}/admin`);
    console.log(`  ${adminLine || 'Admin credentials: ADMIN_USERNAME / ADMIN_PASSWORD, or see the [api] lines above.'}`);
  }
  console.log('\n  Ctrl-C stops everything.\n');
}

main().catch((err) => {
  console.error(`[start] ${err.stack ?? err}`);
  void stop(1);
});
