#!/usr/bin/env node
// Two builds of the API side by side (issue 27): the same scenarios, interleaved round by round
// with the bare Fastify ceiling, each build in its own process on its own SQLite file, so the
// machine's load (shared, noisy) hits both alike. Prints each build's server CPU µs per request
// and its ratio to the ceiling's GET / POST of the same round, and the medians. Not part of
// `npm run bench`: a before/after check of a cut when the full run's figures move with the load.
// Usage: node bench/ab-scenarios.mjs A_ENTRY B_ENTRY [floor,click,rotator,read] [rounds] [seconds]
//   (an entry is a built server.js, e.g. a worktree of main's server/dist/server.js)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from './lib/api-server.mjs';
import { runLoad } from './lib/load.mjs';
import { seedApi } from './lib/seed.mjs';
import { singleScenarios } from './lib/single-scenarios.mjs';
import { freePort, startNode, stopAll, waitForHttp } from './lib/procs.mjs';
import { cpuTimeMs } from './lib/cpu.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const [entryA, entryB, list = 'floor,click,rotator', roundsArg = '3', secondsArg = '4'] = process.argv.slice(2);
if (!entryA || !entryB) throw new Error('usage: node bench/ab-scenarios.mjs A_ENTRY B_ENTRY [scenarios] [rounds] [seconds]');
const which = list.split(',');
const rounds = Number(roundsArg);
const seconds = Number(secondsArg);
const workDir = mkdtempSync(join(tmpdir(), 'rotalink-ab-'));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(pid, scenario) {
  const before = cpuTimeMs([pid]);
  const r = await runLoad({ ...scenario, connections: 50, duration: seconds });
  return ((cpuTimeMs([pid]) - before) * 1000) / r.completed;
}

const port = await freePort();
const ceiling = startNode([new URL('./lib/ceiling-server.mjs', import.meta.url).pathname, String(port)], {
  logFile: join(workDir, 'ceiling.log'),
});
await waitForHttp(`http://127.0.0.1:${port}/healthz`, { handle: ceiling });
const ceilingScenarios = {
  get: { url: `http://127.0.0.1:${port}/ceiling` },
  post: { url: `http://127.0.0.1:${port}/ceiling`, method: 'POST', body: { link_id: 'x' } },
};

const builds = [];
for (const [name, entry] of [
  ['A', entryA],
  ['B', entryB],
]) {
  process.env.BENCH_SERVER_ENTRY = entry;
  const api = await startApi({ repoRoot, databaseUrl: `sqlite:${join(workDir, `${name}.sqlite`)}`, workDir, name });
  const seed = await seedApi(api.base);
  const scenarios = singleScenarios(api.base, seed);
  for (const s of which) await runLoad({ ...scenarios[s], connections: 50, duration: 1 }); // warm-up
  builds.push({ name, entry, api, scenarios });
}

const figures = {}; // key → list of µs, and ratio lists
const add = (key, v) => (figures[key] ??= []).push(v);
for (let round = 1; round <= rounds; round++) {
  const get = await measure(ceiling.child.pid, ceilingScenarios.get);
  const post = await measure(ceiling.child.pid, ceilingScenarios.post);
  add('ceiling GET', get);
  add('ceiling POST', post);
  for (const s of which) {
    // A and B in turn, the order swapped every round.
    const order = round % 2 ? builds : [...builds].reverse();
    for (const b of order) {
      const us = await measure(b.api.child.pid, b.scenarios[s]);
      const base = s === 'click' || s === 'rotator' ? post : get;
      add(`${s} ${b.name} µs`, us);
      add(`${s} ${b.name} ×`, us / base);
      console.log(
        `round ${round} ${s.padEnd(8)} ${b.name}: ${us.toFixed(1)} µs/req, ${(us / base).toFixed(2)}× the ceiling ${base === post ? 'POST' : 'GET'} (${base.toFixed(1)} µs)`,
      );
    }
  }
}
console.log(`\nmedians of ${rounds} rounds × ${seconds} s (A = ${entryA}, B = ${entryB}):`);
for (const [key, xs] of Object.entries(figures)) console.log(`  ${key.padEnd(18)} ${median(xs).toFixed(2)}`);
await stopAll({ final: true });
rmSync(workDir, { recursive: true, force: true });
