// Linux perf for the issue 27 tools: record one process's on-CPU samples (cpu-clock, not time
// blocked in fsync or a socket) while a load runs, and read a recording back as samples per
// (shared object, symbol). JavaScript frames are named when the process runs with
// PERF_NODE_ARGS. Needs Debian's linux-perf package.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startApi } from './api-server.mjs';
import { seedApi } from './seed.mjs';
import { singleScenarios } from './single-scenarios.mjs';

export const PERF_NODE_ARGS = ['--perf-basic-prof-only-functions', '--interpreted-frames-native-stack'];
export const PERF_HZ = 4999;

/** Stops with a clear message when perf is not installed (never a silent empty profile). */
export function requirePerf() {
  const r = spawnSync('perf', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) throw new Error('Linux perf is missing: apt-get install -y linux-perf');
}

/** One API process on its own SQLite file, run for perf and seeded: the process and its request kinds. */
export async function startProfiledApi({ repoRoot, workDir }) {
  const api = await startApi({
    repoRoot,
    databaseUrl: `sqlite:${join(workDir, 'p.sqlite')}`,
    workDir,
    name: 'api',
    nodeArgs: PERF_NODE_ARGS,
  });
  return { api, scenarios: singleScenarios(api.base, await seedApi(api.base)) };
}

/** Records `pid` while `during()` runs; resolves to what `during` returned. */
export async function recordWhile(pid, out, during, { callGraph = true } = {}) {
  const args = ['record', '-e', 'cpu-clock', '-F', String(PERF_HZ), ...(callGraph ? ['-g'] : []), '-o', out, '-p', String(pid)];
  const perf = spawn('perf', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    return await during();
  } finally {
    perf.kill('SIGINT');
    await new Promise((res) => perf.on('exit', res));
  }
}

/** A recording's self samples per (shared object, symbol); JIT tiers (*, ^, ~) folded into one name. */
export function samplesOf(file) {
  const r = spawnSync(
    'perf',
    ['report', '-i', file, '--no-children', '--sort', 'dso,sym', '-g', 'none', '--percent-limit', '0', '-F', 'sample,dso,sym'],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`perf report failed: ${r.stderr}`);
  return parseReport(r.stdout);
}

/** `perf report -F sample,dso,sym` text as samples per "dso<TAB>symbol" (JIT threads as one `[JIT]`). */
export function parseReport(text) {
  const rows = new Map();
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)\s+(\[JIT\] tid \d+|\S+)\s+\[.\]\s+(.*)$/.exec(line);
    if (!m) continue;
    const dso = m[2].startsWith('[JIT]') ? '[JIT]' : m[2];
    const sym = m[3].trim().replace(/^JS:[*~^+]/, 'JS:');
    const key = `${dso}\t${sym}`;
    rows.set(key, (rows.get(key) ?? 0) + Number(m[1]));
  }
  return rows;
}

/** Where a sample's time went, in the words of decision 0105's table. */
export function categoryOf(dso, sym) {
  if (/compiler::|Maglev|maglev|Turbofan|CompileLazy|OptimizingCompile|interpreter::Bytecode/.test(sym)) return 'V8: compiling';
  if (/Heap::|Scavenge|Mark(ing|Compact)|GC|Sweep|Evacuat|RecordWrite|AllocateRaw/.test(sym)) return 'V8: garbage collection';
  if (/(Load|Store)(Global)?IC|KeyedHasIC/.test(sym)) return 'V8: property access misses (inline caches)';
  if (dso === '[kernel.kallsyms]') return 'kernel (sockets, WAL write and fsync)';
  if (dso.startsWith('better_sqlite3')) return 'SQLite';
  if (dso === '[JIT]') {
    if (/\/server\/dist\/|\/shared-api\//.test(sym)) return 'JavaScript: ours (server, shared-api)';
    // Which library a JIT frame belongs to is not comparable across two processes: V8 inlines
    // Node's and Fastify's functions into different callers in each, and --perf-basic-prof names a
    // reused address by its first owner. So the rest is one figure.
    return "JavaScript: Fastify's, Node's, the drivers', generated code";
  }
  if (dso === 'node' && sym.startsWith('Builtins_')) return 'V8: builtins (calls, strings, promises)';
  if (dso === 'node') return "Node's and V8's C++ (HTTP parser, strings, objects)";
  return `C libraries (${dso.replace(/\.so.*$/, '')})`;
}
