#!/usr/bin/env node
// `npm run bench`: API throughput vs a bare-Fastify ceiling (SQLite and PostgreSQL), correctness
// under load, the visitor page in Chromium, and start-up — one run, medians of several rounds,
// the machine named. Writes results/latest.{md,json} and the table in README.md.
// Options: --runs N (≥ 3), --duration S, --connections C, --only api,page,startup,stats,scale,metrics, --no-build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describeMachine } from './lib/machine.mjs';
import { ensureBuilt } from './lib/build.mjs';
import { runApiBench } from './lib/api-bench.mjs';
import { runPageBench, CHROMIUM } from './lib/page-bench.mjs';
import { runStartupBench } from './lib/startup-bench.mjs';
import { runStatsBench } from './lib/stats-bench.mjs';
import { runScaleBench } from './lib/scale-bench.mjs';
import { renderMetrics, runMetricsBench } from './lib/metrics-bench.mjs';
import { renderScale } from './lib/scale-report.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { memberPageSizes } from './lib/chunk-sizes.mjs';
import { stopAll } from './lib/procs.mjs';
import { dropAllBenchDatabases } from './lib/pg-db.mjs';
import { spliceReadme } from './lib/readme.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: 'api,page,startup,stats,scale,metrics' },
    'no-build': { type: 'boolean', default: false },
  },
});
const settings = { runs: Math.max(3, Number(args.runs)), duration: Number(args.duration), connections: Number(args.connections) };
const parts = new Set(args.only.split(','));
const log = (line) => process.stderr.write(line + '\n');
const started = performance.now();
const workDir = mkdtempSync(join(tmpdir(), 'rotalink-bench-'));

let cleaning = false;
async function cleanUp() {
  if (cleaning) return;
  cleaning = true;
  await stopAll({ final: true });
  await dropAllBenchDatabases();
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => cleanUp().finally(() => process.exit(130)));
}

/** Runs one part; a part that cannot run says so loudly and the bench carries on. */
async function part(name, enabled, fn) {
  if (!enabled) return { error: 'skipped (--only)' };
  if (cleaning) return { error: 'interrupted' };
  log(`\n== ${name}`);
  try {
    return await fn();
  } catch (err) {
    log(`!!! ${name}: NOT MEASURED — ${err.message}`);
    return { error: err.message.split('\n')[0] };
  } finally {
    await stopAll();
  }
}

const machine = describeMachine(repoRoot, existsSync(CHROMIUM) ? CHROMIUM : null);
log(`Rotalink bench on ${machine.cpu} (${machine.cores} cores), Node ${machine.node}; work dir ${workDir}`);
const build =
  args['no-build'] || process.env.BENCH_BUILD === '0'
    ? { skipped: true }
    : (log('\n== build (what is missing or stale)'), ensureBuilt(repoRoot, log));

const api = await part('API throughput, latency and correctness', parts.has('api'), () =>
  runApiBench({ repoRoot, workDir, ...settings, log }),
);
if (api.engines?.postgres?.version) machine.postgres = api.engines.postgres.version;
const page = await part('visitor page in Chromium', parts.has('page'), () => runPageBench({ repoRoot, workDir, runs: settings.runs, log }));
// Issue 15: the Stats page's chunk (and the dashboard's), from mf-member's build, beside the visitor page.
if (parts.has('page')) page.memberPages = memberPageSizes(join(repoRoot, 'mf-member', 'dist'));
const startup = await part('start-up', parts.has('startup'), () => runStartupBench({ repoRoot, workDir, runs: settings.runs, log }));
const stats = await part('Stats: a profile with 1,000,000 click events', parts.has('stats'), () =>
  runStatsBench({ repoRoot, workDir, runs: settings.runs, duration: settings.duration, log }),
);
const scale = await part('scale: 100,000 members (issue 12)', parts.has('scale'), () =>
  runScaleBench({ repoRoot, workDir, duration: settings.duration, log }),
);
const metrics = await part('/metrics scraped under click load (issue 28)', parts.has('metrics'), () =>
  runMetricsBench({ repoRoot, workDir, log }),
);
await cleanUp();

machine.loadAverageAtEnd = loadavg().map((x) => Math.round(x * 100) / 100);
const result = { machine, settings, build, api, page, startup, stats, scale, metrics, wallSeconds: (performance.now() - started) / 1000 };
const markdown = renderMarkdown(result) + '\n' + renderScale(scale) + renderMetrics(metrics);
const out = join(here, 'results');
mkdirSync(out, { recursive: true });
// A partial run (--only) must not replace the full table a reader trusts.
const full = ['api', 'page', 'startup', 'stats', 'scale'].every((p) => parts.has(p));
const name = full ? 'latest' : 'partial';
writeFileSync(join(out, `${name}.json`), JSON.stringify(result, null, 2) + '\n');
writeFileSync(join(out, `${name}.md`), markdown);
const readme = join(here, 'README.md');
if (full && existsSync(readme)) writeFileSync(readme, spliceReadme(readFileSync(readme, 'utf8'), markdown));
process.stdout.write('\n' + markdown);

const statsChecks = (stats.engines ?? []).flatMap((e) => e.checks ?? []).map((c) => ({ ...c, ok: c.expected === c.observed }));
const failedChecks = [...(api.correctness ?? []), ...statsChecks, ...(metrics.check ? [metrics.check] : [])].filter((c) => !c.ok);
if (failedChecks.length === 0) rmSync(workDir, { recursive: true, force: true });
else log(`\nLogs kept in ${workDir}`);
// Missed performance targets are reported, not fatal; lost or invented clicks are a bug.
process.exit(failedChecks.length ? 1 : 0);
