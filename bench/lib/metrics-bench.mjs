// Issue 28: /metrics scraped while the bench loads the API — the operator's view of a busy node.
// One API process (SQLite) with METRICS_PORT set, /metrics read before and after a click load;
// the counters must move by what the load did (the clicks counter by exactly the acknowledged
// clicks). Its own API process, so the throughput rows are measured without the metrics plugin.
import { startApi } from './api-server.mjs';
import { runLoad } from './load.mjs';
import { freePort } from './procs.mjs';
import { createMember, BIG_CAP } from './seed.mjs';

/** The sum of the samples of `name` whose labels contain every `must` fragment. */
export function sumOf(text, name, must = []) {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    const key = line.slice(0, space);
    if (key !== name && !key.startsWith(`${name}{`)) continue;
    if (must.every((m) => key.includes(m))) sum += Number(line.slice(space + 1));
  }
  return sum;
}

/** What the report shows: each counter's move over the load. */
export const WATCHED = [
  { label: 'clicks counted (rotalink_clicks_total{verdict="counted"})', name: 'rotalink_clicks_total', must: ['verdict="counted"'] },
  { label: 'HTTP answers (rotalink_http_request_duration_seconds_count)', name: 'rotalink_http_request_duration_seconds_count' },
  { label: 'group commits (rotalink_group_commit_batch_size_count)', name: 'rotalink_group_commit_batch_size_count' },
  { label: 'API CPU seconds (rotalink_process_cpu_seconds_total)', name: 'rotalink_process_cpu_seconds_total' },
];

const CLICKS = 3000;

export async function runMetricsBench({ workDir, repoRoot, log }) {
  const metricsPort = await freePort();
  const api = await startApi({
    repoRoot,
    databaseUrl: `sqlite:${workDir}/metrics/rotalink.db`,
    workDir,
    name: 'api-metrics',
    env: { METRICS_PORT: String(metricsPort) },
  });
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
    return res.text();
  };
  const { linkIds } = await createMember(api.base, { tag: 'metrics', links: [{ cap: BIG_CAP }] });
  const before = await scrape();
  const load = await runLoad({
    url: `${api.base}/api/public/increment-clicks`,
    method: 'POST',
    body: { link_id: linkIds[0] },
    connections: 20,
    // A number of requests, not a time: every request is awaited, so "acknowledged" is exact.
    amount: CLICKS,
  });
  const after = await scrape();
  const acknowledged = load.ok2xx ?? 0;
  const moves = WATCHED.map((w) => ({ label: w.label, before: sumOf(before, w.name, w.must), after: sumOf(after, w.name, w.must) }));
  const counted = moves[0].after - moves[0].before;
  log(`/metrics over ${CLICKS} clicks in ${load.duration ?? '?'} s: ${acknowledged} acknowledged, counter moved by ${counted}`);
  await api.stop();
  return { acknowledged, moves, check: { expected: acknowledged, observed: counted, ok: counted === acknowledged } };
}

export function renderMetrics(metrics) {
  if (!metrics || metrics.error) return `\n## /metrics under load (issue 28)\n\nNot measured: ${metrics?.error ?? 'no result'}\n`;
  const rows = metrics.moves.map((m) => `| ${m.label} | ${m.before} | ${m.after} | ${+(m.after - m.before).toFixed(3)} |`);
  return [
    '',
    '## /metrics under load (issue 28)',
    '',
    `A click load on one API process with \`METRICS_PORT\` set, \`/metrics\` read before and after: ${metrics.acknowledged} clicks acknowledged; the clicks counter moved by ${metrics.check.observed} (${metrics.check.ok ? 'equal' : '**NOT equal**'}).`,
    '',
    '| counter | before | after | moved |',
    '|---|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}
