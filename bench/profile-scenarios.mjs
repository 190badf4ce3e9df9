#!/usr/bin/env node
// One API process per scenario under --cpu-prof, so each profile holds ONE request kind (issue 27:
// "where do the microseconds of a click go"). SQLite; the built server; prints the busiest
// packages / files and functions of each, idle excluded. Not part of `npm run bench`.
// Usage: node bench/profile-scenarios.mjs [floor,click,rotator,read] [seconds]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from './lib/api-server.mjs';
import { runLoad } from './lib/load.mjs';
import { seedApi } from './lib/seed.mjs';
import { singleScenarios } from './lib/single-scenarios.mjs';
import { stopAll } from './lib/procs.mjs';
import { cpuTimeMs } from './lib/cpu.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const which = (process.argv[2] ?? 'floor,click,rotator,read').split(',');
const seconds = Number(process.argv[3] ?? 5);

/**
 * Self time of the measured run only: the samples from `fromEndUs` before the profile's end (the
 * load ran last, then the process stopped). Start-up (module loading, schema compilation), the
 * seeding and the warm-up would otherwise fill the top of the list.
 */
function summarise(dir, fromEndUs) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let at = p.startTime;
  const from = p.endTime - fromEndUs;
  p.samples.forEach((id, i) => {
    at += p.timeDeltas[i];
    if (at >= from) self.set(id, (self.get(id) ?? 0) + p.timeDeltas[i]);
  });
  const byPkg = new Map();
  const byFn = new Map();
  let busy = 0;
  for (const [id, t] of self) {
    const cf = nodes.get(id).callFrame;
    if (cf.functionName === '(idle)') continue;
    busy += t;
    const url = cf.url.replace(/^file:\/\//, '');
    const pkg = url.includes('/node_modules/')
      ? url
          .split('/node_modules/')
          .pop()
          .split('/')
          .slice(0, url.split('/node_modules/').pop().startsWith('@') ? 2 : 1)
          .join('/')
      : url.includes('/server/dist/')
        ? 'server/' + url.split('/server/dist/')[1]
        : url || `(${cf.functionName})`;
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
    const fn = `${cf.functionName || '(anon)'} ${pkg}:${cf.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + t);
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  return `busy ${Math.round(busy / 1000)} ms\n by package/file:\n${top(byPkg, 25)}\n by function:\n${top(byFn, 40)}`;
}

for (const name of which) {
  const workDir = mkdtempSync(join(tmpdir(), `rotalink-prof-${name}-`));
  const prof = join(workDir, 'prof');
  // A sample every 100 µs (node's default is 1,000): a request costs tens of µs.
  process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-interval=100 --cpu-prof-dir=${prof}`;
  const api = await startApi({ repoRoot, databaseUrl: `sqlite:${join(workDir, 'p.sqlite')}`, workDir, name: 'api' });
  const seed = await seedApi(api.base);
  const scenario = singleScenarios(api.base, seed)[name];
  await runLoad({ ...scenario, connections: 50, duration: 2 }); // warm-up
  const before = cpuTimeMs([api.child.pid]);
  const r = await runLoad({ ...scenario, connections: 50, duration: seconds });
  const cpu = cpuTimeMs([api.child.pid]) - before;
  const stopping = performance.now();
  await api.stop();
  // The measured run and the stop (a few ms of close hooks), not what came before.
  const window = (seconds * 1000 + (performance.now() - stopping)) * 1000;
  console.log(`\n== ${name}: ${Math.round(r.rps)} req/s, server CPU ${Math.round((cpu * 1000) / r.completed)} µs/req`);
  console.log(summarise(prof, window));
  if (process.env.PROF_KEEP) console.log(`profile kept in ${prof}`);
  else rmSync(workDir, { recursive: true, force: true });
}
await stopAll({ final: true });
