// Starts the BUILT API (server/dist/server.js) as a child process, as it runs in production:
// NODE_ENV=production, its own data dir, rate limits off so the load is not refused (issue 7:
// "rate limits off"). LOG_LEVEL defaults to warn: the ceiling logs nothing either, so the ratio
// measures our code, not the logger (BENCH_LOG_LEVEL=info measures the server's default).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startNode, waitForHttp, freePort } from './procs.mjs';

export const ADMIN = { username: 'benchadmin', password: 'bench-admin-password-1' };

/** The built server; BENCH_SERVER_ENTRY points elsewhere (e.g. a build of a branch). */
export function serverEntry(repoRoot) {
  return process.env.BENCH_SERVER_ENTRY ?? join(repoRoot, 'server', 'dist', 'server.js');
}

/**
 * @param {object} o
 * @param {string} o.repoRoot
 * @param {string} o.databaseUrl   sqlite:PATH or postgres://…
 * @param {string} o.workDir       per-process data dir and log file live here
 * @param {string} o.name          for the log file name
 * @param {string} [o.publicSiteUrl]  the shell origin (CORS) when a browser will call it
 * @param {string[]} [o.nodeArgs]  more node options (e.g. a --require probe), after BENCH_NODE_ARGS
 * @param {Record<string, string>} [o.env]  more environment for the API process
 */
export async function startApi({ repoRoot, databaseUrl, workDir, name, publicSiteUrl, nodeArgs: extraArgs = [], env: extraEnv = {} }) {
  const entry = serverEntry(repoRoot);
  if (!existsSync(entry)) throw new Error(`the server is not built (${entry} is missing; run npm run build -w server)`);
  const port = await freePort();
  const dataDir = join(workDir, name);
  mkdirSync(dataDir, { recursive: true });
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the API under load.
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), ...extraArgs];
  const handle = startNode([...nodeArgs, entry], {
    cwd: join(repoRoot, 'server'),
    logFile: join(workDir, `${name}.log`),
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      API_PUBLIC_URL: `http://127.0.0.1:${port}`,
      PUBLIC_SITE_URL: publicSiteUrl ?? 'http://127.0.0.1:3000',
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      PAYMENT_PROVIDER: 'local',
      // Production refuses the free local checkout unless told this is a demo (server config.ts).
      ALLOW_LOCAL_PAYMENTS: '1',
      RATE_LIMIT_LOGIN_PER_MIN: '0',
      RATE_LIMIT_CLICKS_PER_MIN: '0',
      RATE_LIMIT_GLOBAL_PER_MIN: '0',
      RATE_LIMIT_POSTBACKS_PER_MIN: '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      REDIS_URL: '',
      SMTP_URL: '',
      ...extraEnv,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const readyMs = await waitForHttp(`${base}/healthz`, { handle, timeoutMs: 60000 });
    return { ...handle, base, port, readyMs };
  } catch (err) {
    await handle.stop();
    throw err;
  }
}
