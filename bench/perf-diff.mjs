#!/usr/bin/env node
// Issue 27: where a request kind's CPU goes beyond the bare Fastify ceiling's. The ceiling and one
// API process (SQLite) are warmed alike, then each is recorded by Linux perf (on-CPU samples only)
// under its own load; the samples per request are grouped (V8's compiler, its inline caches, the
// kernel, SQLite, our JavaScript, Fastify's…) and the two are set side by side, with the symbols
// that differ most. Not part of `npm run bench`; needs Debian's linux-perf.
// Usage: node bench/perf-diff.mjs [floor|click|rotator|read] [seconds] [warm-up seconds]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad } from './lib/load.mjs';
import { freePort, startNode, stopAll, waitForHttp } from './lib/procs.mjs';
import { categoryOf, PERF_HZ, PERF_NODE_ARGS, recordWhile, requirePerf, samplesOf, startProfiledApi } from './lib/perf-profile.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name = 'click', secondsArg = '6', warmArg = '15'] = process.argv.slice(2);
const seconds = Number(secondsArg);
const warm = Number(warmArg);
requirePerf();
const workDir = mkdtempSync(join(tmpdir(), `rotalink-perf-diff-${name}-`));

const port = await freePort();
const ceiling = startNode([...PERF_NODE_ARGS, join(repoRoot, 'bench/lib/ceiling-server.mjs'), String(port)], {
  logFile: join(workDir, 'ceiling.log'),
});
await waitForHttp(`http://127.0.0.1:${port}/healthz`, { handle: ceiling });
const post = name === 'click' || name === 'rotator';
const ceilingLoad = post
  ? { url: `http://127.0.0.1:${port}/ceiling`, method: 'POST', body: { link_id: 'x' } }
  : { url: `http://127.0.0.1:${port}/ceiling` };

const { api, scenarios } = await startProfiledApi({ repoRoot, workDir });
const scenario = scenarios[name];
if (!scenario) throw new Error(`unknown request kind ${name}: floor, click, rotator or read`);

// Warmed alike: V8 compiles a function when it gets hot, and a batch's code gets hot later than a
// request's; what is left of that after the warm-up shows as "V8: compiling".
await runLoad({ ...ceilingLoad, connections: 50, duration: warm });
await runLoad({ ...scenario, connections: 50, duration: warm });

async function profile(pid, load, out) {
  const r = await recordWhile(pid, out, () => runLoad({ ...load, connections: 50, duration: seconds }));
  const perRequest = 1e6 / PERF_HZ / r.completed; // µs of CPU one sample stands for, per request
  const bySymbol = new Map();
  const byCategory = new Map();
  for (const [key, n] of samplesOf(out)) {
    const [dso, sym] = key.split('\t');
    const us = n * perRequest;
    bySymbol.set(key, us);
    const c = categoryOf(dso, sym);
    byCategory.set(c, (byCategory.get(c) ?? 0) + us);
  }
  return { rps: r.rps, bySymbol, byCategory, total: [...byCategory.values()].reduce((a, b) => a + b, 0) };
}
const base = await profile(ceiling.child.pid, ceilingLoad, join(workDir, 'ceiling.data'));
const own = await profile(api.child.pid, scenario, join(workDir, `${name}.data`));

const f = (x) => x.toFixed(1).padStart(6);
const ceilingName = post ? 'the bare POST' : 'the bare GET';
console.log(
  `\n${name}: ${f(own.total)} µs of on-CPU time per request (${Math.round(own.rps)} req/s) against ${f(base.total)} for ${ceilingName} (${Math.round(base.rps)} req/s): ${(own.total / base.total).toFixed(2)}×`,
);
console.log(`${'where'.padEnd(52)} ${'ceiling'.padStart(7)} ${name.padStart(7)} ${'more'.padStart(7)}`);
const cats = [...new Set([...base.byCategory.keys(), ...own.byCategory.keys()])];
const more = (m, k) => (own[m].get(k) ?? 0) - (base[m].get(k) ?? 0);
for (const c of cats.sort((a, b) => more('byCategory', b) - more('byCategory', a)))
  console.log(`${c.padEnd(52)} ${f(base.byCategory.get(c) ?? 0)} ${f(own.byCategory.get(c) ?? 0)} ${f(more('byCategory', c))}`);
console.log(`\nthe 25 symbols with the most more µs per request:`);
const syms = [...new Set([...base.bySymbol.keys(), ...own.bySymbol.keys()])];
for (const k of syms.sort((a, b) => more('bySymbol', b) - more('bySymbol', a)).slice(0, 25))
  console.log(`${f(more('bySymbol', k))}  ${k.replace('\t', '  ').slice(0, 120)}`);

await api.stop();
await stopAll({ final: true });
if (!process.env.KEEP) rmSync(workDir, { recursive: true, force: true });
else console.log(workDir);
