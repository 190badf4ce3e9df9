// Part 4 of the bench: start-up. Time from launching `node scripts/start.mjs` (everything already
// built) until a visitor could load /profile: the shell serves /profile and its config.json,
// mf-public serves its manifest, and the API answers /healthz.
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startNode, freePort, waitForHttp } from './procs.mjs';
import { median } from './stats.mjs';
import { missingFrontEnds } from './page-bench.mjs';
import { serverEntry, ADMIN } from './api-server.mjs';

async function ports() {
  return { api: await freePort(), shell: await freePort(), public: await freePort(), member: await freePort(), admin: await freePort() };
}

/** The environment start.mjs reads: PORT (API), SHELL_PORT, PUBLIC_PORT, MEMBER_PORT, ADMIN_PORT. */
export function startEnv(p, dataDir) {
  return {
    NODE_ENV: 'production',
    // The local checkout in production only as a demo (server config.ts).
    ALLOW_LOCAL_PAYMENTS: '1',
    JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${join(dataDir, 'rotalink.db')}`,
    PORT: String(p.api),
    SHELL_PORT: String(p.shell),
    PUBLIC_PORT: String(p.public),
    MEMBER_PORT: String(p.member),
    ADMIN_PORT: String(p.admin),
    LOG_LEVEL: 'warn',
  };
}

async function startOnce(repoRoot, workDir, dataDir, i) {
  const p = await ports();
  const t0 = performance.now();
  const handle = startNode([join(repoRoot, 'scripts', 'start.mjs')], {
    cwd: repoRoot,
    env: startEnv(p, dataDir),
    logFile: join(workDir, `start-${i}.log`),
  });
  try {
    const shell = `http://127.0.0.1:${p.shell}`;
    const opts = { handle, timeoutMs: 60000, intervalMs: 10 };
    let manifestUrl = null;
    await Promise.all([
      waitForHttp(`${shell}/profile?userId=bench`, { ...opts, accept: async (r) => r.ok && /<html/i.test(await r.text()) }),
      waitForHttp(`${shell}/config.json`, {
        ...opts,
        accept: async (r) => {
          if (!r.ok) return false;
          manifestUrl = (await r.json()).remotes?.mf_public ?? null;
          return true;
        },
      }),
      waitForHttp(`http://127.0.0.1:${p.api}/healthz`, opts),
    ]);
    if (manifestUrl) await waitForHttp(manifestUrl.replace('localhost', '127.0.0.1'), opts);
    return performance.now() - t0;
  } finally {
    await handle.stop();
  }
}

export async function runStartupBench({ repoRoot, workDir, runs, log }) {
  if (!existsSync(join(repoRoot, 'scripts', 'start.mjs'))) throw new Error('scripts/start.mjs is missing');
  if (!existsSync(serverEntry(repoRoot))) throw new Error('the server is not built');
  const missing = missingFrontEnds(repoRoot);
  if (missing.length) throw new Error(`front ends not built: ${missing.join(', ')}`);
  const dataDir = join(workDir, 'start-data');
  mkdirSync(dataDir, { recursive: true });
  const runsMs = [];
  // start.mjs writes the shell's dist/config.json for its ports; put back what was there.
  const configFile = join(repoRoot, 'shell', 'dist', 'config.json');
  const configBefore = existsSync(configFile) ? readFileSync(configFile) : null;
  try {
    // The first run starts on an empty data dir (migrations run); later ones restart on it.
    for (let i = 0; i < runs; i++) {
      const ms = await startOnce(repoRoot, workDir, dataDir, i + 1);
      runsMs.push(ms);
      log(`  start-up run ${i + 1}/${runs}: ${Math.round(ms)} ms`);
    }
  } finally {
    if (configBefore) writeFileSync(configFile, configBefore);
    else rmSync(configFile, { force: true });
  }
  return { runsMs, medianMs: median(runsMs) };
}
