/**
 * A second API node on the suite's database (issue 15: a click that lands on another node must
 * still show on the member's pages, which poll the first). Same environment as the harness's API
 * (same SQLite file, same JWT secret), its own port and log file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './net';
import { stack } from './stack';

export interface ApiNode {
  url: string;
  stop: () => Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const end = Date.now() + 90_000; // a loaded machine: see harness/stack.mjs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second API exited (${child.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) throw new Error(`the second API did not answer /healthz in 90 s; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `extraEnv`: variables on top of the harness API's (issue 32: its own DNS server for custom domains). */
export async function startSecondApi(extraEnv: Record<string, string> = {}): Promise<ApiNode> {
  const { root, tmp, apiEnv } = stack();
  const port = await freePort();
  const logFile = join(tmp, 'logs', `api-2-${port}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [join(root, 'server/dist/server.js')], {
    cwd: tmp,
    env: { ...process.env, NODE_ENV: 'test', ...apiEnv, ...extraEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, logFile);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
