import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

/** A real API process (src/server.ts in a child node), for tests that kill it. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed — as when a machine dies. */
  kill(): Promise<void>;
  /** SIGTERM and wait (the graceful path). */
  stop(): Promise<void>;
  logTail(lines?: number): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const SERVER = join(__dirname, '../../src/server.ts');
const REGISTER = join(__dirname, 'ts-register.cjs');

/**
 * Starts the API on `port` with `env` (DATABASE_URL, SMTP_URL, …) and resolves once /healthz
 * answers; its output goes to `logFile` (shown when it does not come up).
 */
export async function startApiProcess(o: { port: number; env: Record<string, string>; logFile: string }): Promise<ApiProcess> {
  const fd = openSync(o.logFile, 'a');
  const child = spawn(process.execPath, ['-r', REGISTER, SERVER], {
    env: { ...process.env, NODE_ENV: 'test', ...o.env, PORT: String(o.port), HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${o.port}`;
  const logTail = (lines = 20) => readFileSync(o.logFile, 'utf8').split('\n').slice(-lines).join('\n');
  // Generous: a shared 2-core machine under other suites has taken over a minute to start it.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}) before answering:\n${logTail()}`);
    const up = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not answer /healthz within 150 s:\n${logTail()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, exited, kill: () => signalAndWait('SIGKILL'), stop: () => signalAndWait('SIGTERM'), logTail };
}
