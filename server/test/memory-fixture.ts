import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { insertManyClicks } from './bulk-clicks';
import { activate, addLink, signupMember, type Member, type TestContext } from './helpers';

/**
 * What the memory tests of the clicks CSV (issue 15) and the account export (issue 33) share: a
 * member with many click events, the app on a real socket, a client in a process of its own (so
 * only the API's memory is in this process) and the sampling of this process's memory.
 */

// As the API runs in production (server.ts, decision 0073).
setFlagsFromString('--no-allocation-site-pretenuring');

export const MB = 1024 * 1024;

/** An active member whose one link (at `url`) has `count` click events, one a second from 2026-06-01. */
export async function memberWithClicks(t: TestContext, url: string, count: number): Promise<Member> {
  const m = await signupMember(t.app);
  await activate(t.db, m.userId);
  const link = await addLink(t.app, m, { link: url, max_clicks: null });
  await insertManyClicks(t.db, { userId: m.userId, linkId: link.id, count, start: Date.parse('2026-06-01T00:00:00Z') });
  return m;
}

/** The app on a real HTTP socket at 127.0.0.1; its base URL. */
export async function listenLocally(t: TestContext): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** Node run with `args` (a client script and its arguments), from this folder: the one line of JSON it prints. */
export function runElsewhere<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: MB, cwd: __dirname }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

/** `work`'s answer, and how far this process's RSS and heap rose above their start while it ran (MB, sampled every 20 ms). */
export async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: { rss: number; heap: number } }> {
  const before = process.memoryUsage();
  let peak = { rss: before.rss, heap: before.heapUsed };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) };
  }, 20);
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(sampler);
  }
  return { result, growth: { rss: (peak.rss - before.rss) / MB, heap: (peak.heap - before.heapUsed) / MB } };
}
