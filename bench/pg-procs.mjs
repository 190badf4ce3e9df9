#!/usr/bin/env node
// Issue 27: PostgreSQL page clicks on one link with 1 and with 2 API processes sharing the
// database: clicks/s, API CPU µs per click, and each process's group-commit batches (how many per
// second, how many clicks each), read from its /metrics. It shows what bounds the two-process case:
// both nodes' batches update the same link row, so their COMMITs take turns. Not part of `npm run bench`.
// Usage: node bench/pg-procs.mjs [seconds] [1,2,…] (WARM_CLICKS: clicks before measuring, default 5000)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from './lib/api-server.mjs';
import { runLoad } from './lib/load.mjs';
import { createMember, BIG_CAP } from './lib/seed.mjs';
import { cpuTimeMs } from './lib/cpu.mjs';
import { freePort, stopAll } from './lib/procs.mjs';
import { createBenchDatabase, dropBenchDatabase } from './lib/pg-db.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 5);
const counts = (process.argv[3] ?? '1,2').split(',').map(Number);
const warmClicks = Number(process.env.WARM_CLICKS ?? 5000);

async function batches(metricsPort) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { clicks: value('rotalink_group_commit_batch_size_sum'), batches: value('rotalink_group_commit_batch_size_count') };
}

for (const n of counts) {
  const pgDb = await createBenchDatabase();
  const workDir = mkdtempSync(join(tmpdir(), `rotalink-pg${n}-`));
  const nodes = [];
  for (let i = 0; i < n; i++) {
    const metricsPort = await freePort();
    const api = await startApi({ repoRoot, databaseUrl: pgDb.url, workDir, name: `api${i}`, env: { METRICS_PORT: String(metricsPort) } });
    nodes.push({ api, metricsPort });
  }
  const member = await createMember(nodes[0].api.base, { tag: 'pg-procs', links: [{ cap: BIG_CAP }] });
  const load = { url: nodes.map((x) => `${x.api.base}/api/public/increment-clicks`), method: 'POST', body: { link_id: member.linkIds[0] } };
  await runLoad({ ...load, connections: 50, amount: warmClicks });
  const before = await Promise.all(nodes.map((x) => batches(x.metricsPort)));
  const cpuBefore = cpuTimeMs(nodes.map((x) => x.api.child.pid));
  const started = performance.now();
  const r = await runLoad({ ...load, connections: 50, amount: 6000 * seconds });
  const wall = (performance.now() - started) / 1000;
  const cpu = cpuTimeMs(nodes.map((x) => x.api.child.pid)) - cpuBefore;
  const after = await Promise.all(nodes.map((x) => batches(x.metricsPort)));
  console.log(
    `${n} API process(es): ${Math.round(r.rps)} clicks/s, ${((1000 * cpu) / r.completed).toFixed(1)} µs API CPU per click, p99 ${r.p99} ms`,
  );
  after.forEach((a, i) => {
    const b = a.batches - before[i].batches;
    console.log(`  process ${i + 1}: ${Math.round(b / wall)} batches/s of ${((a.clicks - before[i].clicks) / b).toFixed(1)} clicks`);
  });
  await Promise.all(nodes.map((x) => x.api.stop()));
  await dropBenchDatabase(pgDb.name);
  rmSync(workDir, { recursive: true, force: true });
}
await stopAll({ final: true });
