// Part 4 of the bench: start-up. Time from launching `node scripts/start.mjs` (everything already
// built) until a visitor could load /profile: the shell serves /profile and its config.json,
// mf-public serves its manifest, and the API answers /healthz.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startNode, freePort, waitForHttp } from './procs.mjs';
import { median } from './stats.mjs';
import { missingFrontEnds } from './page-bench.mjs';
import { serverEntry, ADMIN } from './api-server.mjs';

async function ports() {
  return { api: await freePort(), shell: await freePort(), public: await freePort(), member: await freePort(), admin: await freePort() };
}

/** The environment start.mjs reads (DESIGN §3-§4: ports are env-overridable). */
export function startEnv(p, dataDir) {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${join(dataDir, 'rotalink.db')}`,
    PORT: String(p.api),
    API_PORT: String(p.api),
    SHELL_PORT: String(p.shell),
    MF_PUBLIC_PORT: String(p.public),
    MF_MEMBER_PORT: String(p.member),
    MF_ADMIN_PORT: String(p.admin),
    PUBLIC_SITE_URL: `http://localhost:${p.shell}`,
    LOG_LEVEL: 'warn',
  };
}

async function startOnce(repoRoot, workDir, dataDir, i) {
  const p = await ports();
  const t0 = performance.now();
  const handle = startNode([join(repoRoot, 'scripts', 'start.mjs')], { cwd: repoRoot, env: startEnv(p, dataDir), logFile: join(workDir, `start-${i}.log`) });
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
  // The first run starts on an empty data dir (migrations run); later ones restart on it.
  for (let i = 0; i < runs; i++) {
    const ms = await startOnce(repoRoot, workDir, dataDir, i + 1);
    runsMs.push(ms);
    log(`  start-up run ${i + 1}/${runs}: ${Math.round(ms)} ms`);
  }
  return { runsMs, medianMs: median(runsMs) };
}
