#!/usr/bin/env node
// Issue 27: PostgreSQL page clicks with 1 and with 2 API processes sharing the database, beside
// the bare Fastify ceiling with as many processes under the same load. For each process count:
// clicks/s, API CPU µs per click, each process's group-commit batches (clicks per batch and ms
// from BEGIN to COMMIT, from its /metrics), the ceiling's CPU µs per POST, the ratio of the two, and
// how busy the whole machine was (whether the load was bound by the cores or by waiting).
// The ratio says whether a second API process costs more per click than a second process of
// the framework alone would (decision 0106). Not part of `npm run bench`.
//
// Usage: node bench/pg-procs.mjs [seconds] [1,2,…]
//   WARM_CLICKS  clicks (and ceiling POSTs) before measuring, default 5000
//   RATE         offered requests/s for the measured part, all processes together; unset: as fast
//                as they are answered (then the processes compete for the cores with the load
//                generator and PostgreSQL, and a saturated machine is what is measured)
//   OWN_LINKS=1  each API process gets its own profile's link, so no row is shared between them
//   CONNECTIONS  connections in all, default 50 (they bound how many clicks arrive together, and so
//                the batch size)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from './lib/api-server.mjs';
import { startCeiling } from './lib/api-bench.mjs';
import { runLoad } from './lib/load.mjs';
import { createMember, BIG_CAP } from './lib/seed.mjs';
import { busyShare, cpuTimeMs, machineTicks } from './lib/cpu.mjs';
import { sumOf } from './lib/metrics-bench.mjs';
import { freePort, stopAll } from './lib/procs.mjs';
import { createBenchDatabase, dropBenchDatabase } from './lib/pg-db.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 5);
const counts = (process.argv[3] ?? '1,2').split(',').map(Number);
const warmClicks = Number(process.env.WARM_CLICKS ?? 5000);
const rate = process.env.RATE ? Number(process.env.RATE) : undefined;
const ownLinks = process.env.OWN_LINKS === '1';
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);

async function batches(metricsPort) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return {
    clicks: sumOf(text, 'rotalink_group_commit_batch_size_sum'),
    batches: sumOf(text, 'rotalink_group_commit_batch_size_count'),
    seconds: sumOf(text, 'rotalink_group_commit_duration_seconds_sum', ['result="ok"']),
  };
}

/**
 * One load per target (its own connections, its share of the requests and of the rate), run at
 * once: each process gets the same share however autocannon would spread connections.
 */
async function loadAll(targets, amount, overallRate) {
  const n = targets.length;
  const results = await Promise.all(
    targets.map((t) =>
      runLoad({
        ...t,
        method: 'POST',
        connections: Math.max(1, Math.round(CONNECTIONS / n)),
        amount: Math.round(amount / n),
        ...(overallRate ? { overallRate: overallRate / n } : {}),
      }),
    ),
  );
  const completed = results.reduce((sum, r) => sum + r.completed, 0);
  const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.completed - r.ok2xx, 0);
  if (errors) throw new Error(`${errors} requests failed or were refused: the figures would not be comparable`);
  return { completed, rps: results.reduce((sum, r) => sum + r.rps, 0), p99: Math.max(...results.map((r) => r.p99)) };
}

/**
 * Measures the given load (warmed already): requests/s, p99, the processes' CPU µs per request,
 * and how busy the whole machine was (below 100 %, the load waited on something other than CPU).
 */
async function measure(pids, targets) {
  const cpuBefore = cpuTimeMs(pids);
  const ticksBefore = machineTicks();
  const r = await loadAll(targets, (rate ?? 6000) * seconds, rate);
  return { ...r, cpuUs: (1000 * (cpuTimeMs(pids) - cpuBefore)) / r.completed, busy: busyShare(ticksBefore, machineTicks()) };
}

const percent = (share) => (share === null ? 'unknown' : `${Math.round(share * 100)} %`);

async function apiRun(n, workDir) {
  const pgDb = await createBenchDatabase();
  const nodes = [];
  try {
    for (let i = 0; i < n; i++) {
      const metricsPort = await freePort();
      const api = await startApi({ repoRoot, databaseUrl: pgDb.url, workDir, name: `api${i}`, env: { METRICS_PORT: String(metricsPort) } });
      nodes.push({ api, metricsPort });
    }
    const shared = await createMember(nodes[0].api.base, { tag: 'pg-procs', links: [{ cap: BIG_CAP }] });
    const targets = [];
    for (const [i, x] of nodes.entries()) {
      const member =
        ownLinks && i > 0 ? await createMember(nodes[0].api.base, { tag: `pg-procs-${i}`, links: [{ cap: BIG_CAP }] }) : shared;
      targets.push({ url: `${x.api.base}/api/public/increment-clicks`, body: { link_id: member.linkIds[0] } });
    }
    await loadAll(targets, warmClicks);
    const before = await Promise.all(nodes.map((x) => batches(x.metricsPort)));
    const r = await measure(
      nodes.map((x) => x.api.child.pid),
      targets,
    );
    const after = await Promise.all(nodes.map((x) => batches(x.metricsPort)));
    // The measured part's batches: clicks per batch, and ms from BEGIN to COMMIT.
    const perProcess = after.map((a, i) => {
      const count = a.batches - before[i].batches;
      return { size: (a.clicks - before[i].clicks) / count, ms: (1000 * (a.seconds - before[i].seconds)) / count };
    });
    return { ...r, perProcess };
  } finally {
    await Promise.all(nodes.map((x) => x.api.stop()));
    await dropBenchDatabase(pgDb.name);
  }
}

async function ceilingRun(n, workDir) {
  const ceilings = [];
  try {
    for (let i = 0; i < n; i++) ceilings.push(await startCeiling(workDir, null, `ceiling${i}`));
    const targets = ceilings.map((c) => ({ url: `${c.base}/ceiling`, body: { link_id: 'pg-procs' } }));
    await loadAll(targets, warmClicks);
    return await measure(
      ceilings.map((c) => c.child.pid),
      targets,
    );
  } finally {
    await Promise.all(ceilings.map((c) => c.stop()));
  }
}

console.log(
  `PostgreSQL page clicks, ${seconds} s measured after ${warmClicks} warm-up, ${CONNECTIONS} connections, ` +
    `${rate ? `${rate} requests/s offered` : 'as fast as answered'}${ownLinks ? ', each process its own link' : ', one link'}`,
);
for (const n of counts) {
  const workDir = mkdtempSync(join(tmpdir(), `rotalink-pg${n}-`));
  try {
    const api = await apiRun(n, workDir);
    const ceiling = await ceilingRun(n, workDir);
    console.log(
      `${n} process(es): API ${Math.round(api.rps)} clicks/s, ${api.cpuUs.toFixed(1)} µs CPU per click, p99 ${api.p99} ms, machine busy ${percent(api.busy)}, ` +
        `batches of ${api.perProcess.map((b) => `${b.size.toFixed(1)} clicks in ${b.ms.toFixed(1)} ms`).join(' and ')}; ceiling ${Math.round(ceiling.rps)} POST/s (machine busy ${percent(ceiling.busy)}), ` +
        `${ceiling.cpuUs.toFixed(1)} µs CPU per POST; click ÷ POST ${(api.cpuUs / ceiling.cpuUs).toFixed(2)}×`,
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
await stopAll({ final: true });
