#!/usr/bin/env node
// Linux perf (cpu-clock: on-CPU time only, not time blocked in fsync or a socket) of one API
// process under one scenario's load; JS frames named through --perf-basic-prof. Not part of `npm run bench`.
// Usage: node bench/perf-scenario.mjs click [seconds] [out.data]
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from './lib/api-server.mjs';
import { runLoad } from './lib/load.mjs';
import { seedApi } from './lib/seed.mjs';
import { singleScenarios } from './lib/single-scenarios.mjs';
import { stopAll } from './lib/procs.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name = 'click', secondsArg = '5', out = `/tmp/perf-${name}.data`] = process.argv.slice(2);
const seconds = Number(secondsArg);
const workDir = mkdtempSync(join(tmpdir(), `rotalink-perf-${name}-`));
const api = await startApi({
  repoRoot,
  databaseUrl: `sqlite:${join(workDir, 'p.sqlite')}`,
  workDir,
  name: 'api',
  nodeArgs: ['--perf-basic-prof-only-functions', '--interpreted-frames-native-stack'],
});
const seed = await seedApi(api.base);
const scenario = singleScenarios(api.base, seed)[name];
await runLoad({ ...scenario, connections: 50, duration: 3 });
const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-F', '4999', '-g', '-o', out, '-p', String(api.child.pid)], { stdio: 'inherit' });
const r = await runLoad({ ...scenario, connections: 50, duration: seconds });
perf.kill('SIGINT');
await new Promise((res) => perf.on('exit', res));
console.log(`${name}: ${Math.round(r.rps)} req/s; perf data in ${out}`);
await api.stop();
rmSync(workDir, { recursive: true, force: true });
await stopAll({ final: true });
