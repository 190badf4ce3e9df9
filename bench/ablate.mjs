#!/usr/bin/env node
// Issue 27 (decision 0108): what each step of a click costs, by subtraction. For each ablation (a
// step taken out of a copy of the built server, lib/ablations.mjs), the unchanged copy (A) and the
// ablated one (B) run side by side with the bare ceiling (ab-scenarios.mjs), and the difference
// of their server CPU µs per request is what the step costs — its share of V8's and Node's
// generic work included, which a flat profile spreads over hundreds of symbols. Not part of
// `npm run bench`; needs a built server (npm run build).
// Usage: node bench/ablate.mjs click|rotator ABLATION[+ABLATION] … [--rounds N] [--seconds S]
//   e.g. node bench/ablate.mjs click no-ledger no-fsync no-events no-rollups
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ABLATIONS, ablatedCopy } from './lib/ablations.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : Number(args.splice(i, 2)[1]);
};
const rounds = option('--rounds', 3);
const seconds = option('--seconds', 4);
const [scenario, ...variants] = args;
if (!['click', 'rotator', 'floor'].includes(scenario) || variants.length === 0) {
  console.error(`usage: node bench/ablate.mjs click|rotator|floor ABLATION[+ABLATION] … [--rounds N] [--seconds S]`);
  for (const [name, a] of Object.entries(ABLATIONS)) console.error(`  ${name.padEnd(18)} ${a.what}`);
  process.exit(2);
}

const dist = join(repoRoot, 'server/dist');
// Beside dist, so the copies find the same node_modules.
const copyOf = (name) => join(repoRoot, 'server', `.ablate-${name}`);
const results = [];
try {
  const base = ablatedCopy(dist, copyOf('base'), []);
  for (const variant of variants) {
    const names = variant.split('+');
    const entry = ablatedCopy(dist, copyOf(variant), names); // throws on a stale edit, before measuring
    const run = spawnSync(
      process.execPath,
      [join(repoRoot, 'bench/ab-scenarios.mjs'), base, entry, scenario, String(rounds), String(seconds)],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    if (run.status !== 0) throw new Error(`ab-scenarios failed for ${variant}:\n${run.stdout}`);
    const median = (key) => {
      const found = new RegExp(`^\\s+${key}\\s+([\\d.]+)$`, 'm').exec(run.stdout);
      if (!found) throw new Error(`ab-scenarios printed no median "${key}" for ${variant}:\n${run.stdout}`);
      return Number(found[1]);
    };
    const r = {
      variant,
      a: median(`${scenario} A µs`),
      b: median(`${scenario} B µs`),
      ceiling: median(scenario === 'floor' ? 'ceiling GET' : 'ceiling POST'),
    };
    results.push(r);
    console.log(
      `${variant}: ${r.a.toFixed(1)} → ${r.b.toFixed(1)} µs per request, ${(r.a - r.b).toFixed(1)} µs saved (ceiling ${r.ceiling.toFixed(1)})`,
    );
  }
} finally {
  for (const name of ['base', ...variants]) rmSync(copyOf(name), { recursive: true, force: true });
}

console.log(`\n${scenario}, medians of ${rounds} rounds × ${seconds} s; A = the build unchanged, B = without the step`);
console.log('| taken out | A µs | B µs | the step costs, µs | share of A | ceiling µs | B ÷ ceiling |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of results)
  console.log(
    `| ${r.variant} | ${r.a.toFixed(1)} | ${r.b.toFixed(1)} | ${(r.a - r.b).toFixed(1)} | ${Math.round((100 * (r.a - r.b)) / r.a)} % | ${r.ceiling.toFixed(1)} | ${(r.b / r.ceiling).toFixed(2)}× |`,
  );
