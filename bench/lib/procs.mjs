/* global AbortSignal */
// Child processes the bench starts (API servers, the ceiling, the load generator, start.mjs).
// Each runs in its own process group so that stopping it also stops anything it spawned, and
// every one is stopped by its own id when the bench ends or is interrupted.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { openSync, closeSync, readFileSync } from 'node:fs';

const running = new Set();
let shuttingDown = false;

/** True once stopAll() ran for an interrupt: nothing new may start. */
export const isShuttingDown = () => shuttingDown;

/** A short-lived child (the load generator) that stopAll() must also reach. */
export function track(child) {
  const handle = {
    child,
    exited: new Promise((r) => child.once('exit', r)),
    stop: async () => child.exitCode === null && child.kill('SIGTERM'),
  };
  running.add(handle);
  handle.exited.then(() => running.delete(handle));
  return handle;
}

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Start `node args…` with its output going to `logFile` (a file, not a pipe: a busy server
 * writing into our event loop would steal CPU from the load generator on 2 cores).
 */
export function startNode(args, { env = {}, cwd, logFile } = {}) {
  if (shuttingDown) throw new Error('the bench is stopping');
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, fd],
    detached: true, // own process group: stop() reaches grandchildren too
  });
  closeSync(fd);
  const handle = {
    child,
    logFile,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    logTail: (n = 15) => tail(logFile, n),
    stop: () => stopGroup(handle),
  };
  handle.exited.then(() => running.delete(handle));
  running.add(handle);
  return handle;
}

function tail(file, n) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '';
  }
}

async function stopGroup(handle) {
  const { child } = handle;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {}
  };
  signalGroup('SIGTERM');
  const timeout = new Promise((r) => setTimeout(() => r('timeout'), 5000));
  if ((await Promise.race([handle.exited, timeout])) === 'timeout') signalGroup('SIGKILL');
  await handle.exited;
}

/** Stop everything still running (end of a part). `final`: the bench is ending (Ctrl-C). */
export async function stopAll({ final = false } = {}) {
  if (final) shuttingDown = true;
  await Promise.all([...running].map((h) => h.stop()));
}

/**
 * Poll `url` until `accept(response)` or the child dies or `timeoutMs` passes.
 * Returns the milliseconds waited; throws with the child's last log lines on failure.
 */
export async function waitForHttp(url, { handle, timeoutMs = 30000, intervalMs = 25, accept = (r) => r.ok } = {}) {
  const t0 = performance.now();
  for (;;) {
    if (handle && (handle.child.exitCode !== null || handle.child.signalCode !== null)) {
      const logTail = handle.logTail(40);
      // The table shows the first line only: make it the line that says what went wrong.
      const cause = logTail.split('\n').find((l) => /error|invalid|cannot|refused/i.test(l) && !/^\s+at /.test(l));
      throw new Error(
        `process exited (${handle.child.exitCode ?? handle.child.signalCode}) before ${url} answered${cause ? `: ${cause.trim().slice(0, 200)}` : ''}\n${logTail}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const ok = await accept(res);
      if (!res.bodyUsed) await res.arrayBuffer().catch(() => {});
      if (ok) return performance.now() - t0;
    } catch {}
    if (performance.now() - t0 > timeoutMs) {
      throw new Error(`${url} did not answer within ${timeoutMs} ms${handle ? `:\n${handle.logTail()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
