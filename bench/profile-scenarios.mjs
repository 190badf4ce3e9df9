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
import { stopAll } from './lib/procs.mjs';
import { cpuTimeMs } from './lib/cpu.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const which = (process.argv[2] ?? 'floor,click,rotator,read').split(',');
const seconds = Number(process.argv[3] ?? 5);

function summarise(dir) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + p.timeDeltas[i]));
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
  return `busy ${Math.round(busy / 1000)} ms\n by package/file:\n${top(byPkg, 25)}\n by function:\n${top(byFn, 25)}`;
}

for (const name of which) {
  const workDir = mkdtempSync(join(tmpdir(), `rotalink-prof-${name}-`));
  const prof = join(workDir, 'prof');
  process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${prof}`;
  const api = await startApi({ repoRoot, databaseUrl: `sqlite:${join(workDir, 'p.sqlite')}`, workDir, name: 'api' });
  const seed = await seedApi(api.base);
  const scenario = {
    floor: { url: `${api.base}/api/public/bench-unknown-route` },
    read: { url: `${api.base}/api/public/userliks?user_id=${encodeURIComponent(seed.reader.userId)}` },
    click: { url: `${api.base}/api/public/increment-clicks`, method: 'POST', body: { link_id: seed.clicker.linkIds[0] } },
    rotator: { url: `${api.base}/r/${seed.rotator.userId}`, okRedirects: true },
  }[name];
  await runLoad({ ...scenario, connections: 50, duration: 2 }); // warm-up
  const before = cpuTimeMs([api.child.pid]);
  const r = await runLoad({ ...scenario, connections: 50, duration: seconds });
  const cpu = cpuTimeMs([api.child.pid]) - before;
  await api.stop();
  console.log(`\n== ${name}: ${Math.round(r.rps)} req/s, server CPU ${Math.round((cpu * 1000) / r.completed)} µs/req`);
  console.log(summarise(prof));
  rmSync(workDir, { recursive: true, force: true });
}
await stopAll({ final: true });
