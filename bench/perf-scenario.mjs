#!/usr/bin/env node
// Linux perf (cpu-clock: on-CPU time only, not time blocked in fsync or a socket) of one API
// process under one scenario's load; JS frames named through --perf-basic-prof. Not part of `npm run bench`.
// Usage: node bench/perf-scenario.mjs click [seconds] [out.data]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad } from './lib/load.mjs';
import { stopAll } from './lib/procs.mjs';
import { recordWhile, requirePerf, startProfiledApi } from './lib/perf-profile.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name = 'click', secondsArg = '5', out = `/tmp/perf-${name}.data`] = process.argv.slice(2);
const seconds = Number(secondsArg);
requirePerf();
const workDir = mkdtempSync(join(tmpdir(), `rotalink-perf-${name}-`));
const { api, scenarios } = await startProfiledApi({ repoRoot, workDir });
const scenario = scenarios[name];
await runLoad({ ...scenario, connections: 50, duration: 3 });
const r = await recordWhile(api.child.pid, out, () => runLoad({ ...scenario, connections: 50, duration: seconds }));
console.log(`${name}: ${Math.round(r.rps)} req/s; perf data in ${out}`);
await api.stop();
rmSync(workDir, { recursive: true, force: true });
await stopAll({ final: true });
