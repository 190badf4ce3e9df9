// The scale section of results/latest.md and the README table (issue 12).
import { SCALE, SCALE_TARGETS } from './scale-bench.mjs';

const n0 = (x) => (typeof x === 'number' ? Math.round(x).toLocaleString('en-US') : '–');
const cpu = (r) => `, ${n1(r.cpuMs)} ms CPU`;
const n1 = (x) => (typeof x === 'number' ? x.toFixed(1) : '–');
const verdict = (ok) => (ok ? '**met**' : '**NOT met**');

function engineRows(e) {
  if (e.error) return [`| ${e.engine} | NOT MEASURED: ${e.error} | | | |`];
  const t = SCALE_TARGETS;
  return [
    `| ${e.engine} | admin first page (50 rows + total) | ${n1(e.firstPage.p50)} / ${n1(e.firstPage.p99)} ms${cpu(e.firstPage)} | p99 ≤ ${t.adminP99Ms} ms | ${verdict(e.firstPage.p99 <= t.adminP99Ms)} |`,
    `| ${e.engine} | admin search \`q=scale-0421\` (${n0(e.search.total)} matches) | ${n1(e.search.p50)} / ${n1(e.search.p99)} ms${cpu(e.search)} | p99 ≤ ${t.adminP99Ms} ms | ${verdict(e.search.p99 <= t.adminP99Ms)} |`,
    `| ${e.engine} | admin search \`q=example.com\` (every member, ${n0(e.broadSearch.total)}) | ${n1(e.broadSearch.p50)} / ${n1(e.broadSearch.p99)} ms${cpu(e.broadSearch)} | – | diagnostic |`,
    ...(e.activity
      ? [
          `| ${e.engine} | Activity page, first 50 of ${n0(e.activity.total)} audit rows + total (issue 33) | ${n1(e.activity.p50)} / ${n1(e.activity.p99)} ms${cpu(e.activity)} | p99 ≤ ${t.adminP99Ms} ms | ${verdict(e.activity.p99 <= t.adminP99Ms)} |`,
          `| ${e.engine} | Activity page filtered by one action (${n0(e.activityFiltered.total)} rows) | ${n1(e.activityFiltered.p50)} / ${n1(e.activityFiltered.p99)} ms${cpu(e.activityFiltered)} | p99 ≤ ${t.adminP99Ms} ms | ${verdict(e.activityFiltered.p99 <= t.adminP99Ms)} |`,
        ]
      : []),
    `| ${e.engine} | allusers without parameters (newest 1,000, ${n0(e.unpaged.bytes / 1024)} KiB) | ${n1(e.unpaged.p50)} / ${n1(e.unpaged.p99)} ms${cpu(e.unpaged)} | – | diagnostic |`,
    `| ${e.engine} | API RSS after 20 admin page loads (at start ${n0(e.rssStart.rss)} MB) | ${n0(e.rssAfter.rss)} MB (${n0(e.rssAfter.anon)} anonymous, ${n0(e.rssAfter.file)} file-backed) | ≤ ${t.rssMb} MB | ${verdict(e.rssAfter.rss <= t.rssMb)} |`,
    `| ${e.engine} | visitor publicProfile, 10 connections, alone | ${n1(e.alone.p50)} / ${n1(e.alone.p99)} ms, ${n0(e.alone.rps)} req/s | – | reference |`,
    `| ${e.engine} | visitor publicProfile while one admin pages through the list (${n0(e.adminPages)} pages) | ${n1(e.withAdmin.p50)} / ${n1(e.withAdmin.p99)} ms, ${n0(e.withAdmin.rps)} req/s | p99 ≤ ${t.visitorP99Ms} ms | ${verdict(e.withAdmin.p99 <= t.visitorP99Ms)} |`,
  ];
}

export function renderScale(scale) {
  if (!scale || scale.error) return `## Scale (issue 12)\n\nNOT MEASURED: ${scale?.error ?? 'not run'}\n`;
  const seeding = scale.engines
    .filter((e) => !e.error)
    .map((e) => `${e.engine} ${n0(e.seeded.ms / 1000)} s`)
    .join(', ');
  return [
    '## Scale (issue 12)',
    '',
    `${n0(SCALE.members)} members with ${SCALE.linksPerMember} links each, seeded straight into the tables (server/dist/tools/seed-members.js: ${seeding}). Admin figures: p50 / p99 of 60 sequential calls and the API process's CPU per call (what it holds the event loop for, independent of the machine's load); the visitor's: autocannon, 10 connections.`,
    '',
    '| engine | what | p50 / p99 (or value) | target | result |',
    '|---|---|---|---|---|',
    ...scale.engines.flatMap(engineRows),
    '',
  ].join('\n');
}
