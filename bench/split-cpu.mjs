#!/usr/bin/env node
// utime / stime of one API process per scenario, with the group-commit batch sizes: how much of a
// request's CPU is the kernel's (socket writes, the WAL's pwrite and fsync). Not part of `npm run bench`.
// Usage: node bench/split-cpu.mjs [floor,click,rotator] [seconds]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from './lib/api-server.mjs';
import { runLoad } from './lib/load.mjs';
import { seedApi } from './lib/seed.mjs';
import { singleScenarios } from './lib/single-scenarios.mjs';
import { freePort, stopAll } from './lib/procs.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const which = (process.argv[2] ?? 'floor,click,rotator').split(',');
const seconds = Number(process.argv[3] ?? 5);
const times = (pid) => {
  const t = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = t.slice(t.lastIndexOf(')') + 2).split(' ');
  return { user: Number(f[11]) * 10, sys: Number(f[12]) * 10 };
};
for (const name of which) {
  const metricsPort = await freePort();
  const workDir = mkdtempSync(join(tmpdir(), `rotalink-split-${name}-`));
  const api = await startApi({
    repoRoot,
    databaseUrl: process.env.SPLIT_DB ?? `sqlite:${join(workDir, 'p.sqlite')}`,
    workDir,
    name: 'api',
    env: { METRICS_PORT: String(metricsPort) },
  });
  const seed = await seedApi(api.base);
  const scenario = singleScenarios(api.base, seed)[name];
  await runLoad({ ...scenario, connections: 50, duration: 2 });
  const a = times(api.child.pid);
  const r = await runLoad({ ...scenario, connections: 50, duration: seconds });
  const b = times(api.child.pid);
  const n = r.completed;
  console.log(
    `${name}: ${Math.round(r.rps)} req/s, user ${((1000 * (b.user - a.user)) / n).toFixed(1)} µs, sys ${((1000 * (b.sys - a.sys)) / n).toFixed(1)} µs per request`,
  );
  const m = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  console.log(
    m
      .split('\n')
      .filter((l) => /batch.*(_sum|_count)/.test(l))
      .join('\n'),
  );
  await api.stop();
  rmSync(workDir, { recursive: true, force: true });
}
await stopAll({ final: true });
