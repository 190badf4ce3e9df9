// Turns the bench result into the markdown table (bench/results/latest.md and the README).
import { PAGE_TARGETS } from './page-targets.mjs';
import { STATS_TARGETS } from './stats-targets.mjs';

const n0 = (x) => (x === null || x === undefined ? '–' : Math.round(x).toLocaleString('en-US'));
const n1 = (x) => (x === null || x === undefined ? '–' : x.toFixed(1));
const pct = (x) => (x === null || x === undefined ? '–' : `${Math.round(x * 100)} %`);
const yes = (b) => (b ? '**met**' : '**NOT met**');

function machineBlock(m) {
  return [
    `Measured ${m.date} on: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM; Node ${m.node}; ${m.os}`,
    `${m.chromium ?? 'Chromium: not found'}; PostgreSQL ${m.postgres ?? '–'}; commit ${m.commit ?? '–'}.`,
    `Load average at start ${m.loadAverageAtStart.join(' / ')}, at end ${m.loadAverageAtEnd?.join(' / ') ?? '–'} (1/5/15 min; the machine is shared, so this says how quiet it was).`,
  ].join('\n');
}

function apiTable(api, settings) {
  if (api.error) return `**API: NOT MEASURED — ${api.error}**`;
  const lines = [
    `${settings.runs} rounds × ${settings.duration} s per scenario, ${settings.connections} connections, scenarios interleaved round by round; figures are medians of the rounds. ` +
      'Server CPU µs/req = CPU time of the API process(es) (PostgreSQL backends not included) ÷ requests: independent of how the load generator shares the cores.',
    '',
    '| scenario | engine | req/s | p50 ms | p99 ms | server CPU µs/req | vs ceiling | target | result |',
    '|---|---|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of api.rows) {
    if (r.error) {
      lines.push(`| ${r.label} | ${r.engine} | **${r.error}** | | | | | | **NOT MEASURED** |`);
      continue;
    }
    const bad = (r.non2xx && !r.diagnostic) || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
    const result = r.diagnostic
      ? 'diagnostic'
      : r.kind === 'postback'
        ? bad.trim() || 'every sale stored (201)'
        : r.target
          ? `${yes(r.met)}${r.targetIsReference ? ' (reference)' : ''}${bad}`
          : bad.trim() || '–';
    lines.push(
      `| ${r.label} | ${r.engine} | ${n0(r.rps)} | ${r.p50 ?? '–'} | ${r.p99 ?? '–'} | ${n0(r.cpuUsPerReq)} | ${r.ratio === undefined ? '–' : pct(r.ratio)} | ${r.diagnostic ? 'none (explains the rows below)' : (r.target ?? 'ceiling')} | ${result} |`,
    );
  }
  if (api.correctness?.length) {
    lines.push('', '| correctness under load | expected | observed | result |', '|---|---|---|---|');
    for (const c of api.correctness) {
      lines.push(`| ${c.check} | ${c.expected} | ${c.observed}${c.note ? ` (${c.note})` : ''} | ${c.ok ? '**ok**' : '**FAILED**'} |`);
    }
  }
  return lines.join('\n');
}

/** Issue 15: member pages' own files from the build (lib/chunk-sizes.mjs), the Stats page's row first. */
function memberPagesTable(sizes) {
  if (!sizes) return '';
  if (sizes.error) return `\n\n**Member page chunks: NOT MEASURED — ${sizes.error}**`;
  const kb = (bytes) => n1(bytes / 1024);
  const lines = [
    '',
    '',
    "Member pages' own files (production build, beyond the shared singletons and the chunks every member page shares; not a target, the visitor page above must not grow):",
    '',
    '| page | files | KB minified | KB gzip | loaded after it renders |',
    '|---|---:|---:|---:|---|',
  ];
  for (const r of sizes.rows) {
    if (r.error) lines.push(`| ${r.label} | NOT MEASURED — ${r.error} | | | |`);
    else
      lines.push(
        `| ${r.label} | ${r.files} | ${kb(r.raw)} | ${kb(r.gzip)} | ${r.lazy ? `${r.lazy.files} file(s), ${kb(r.lazy.gzip)} KB gzip` : '–'} |`,
      );
  }
  return lines.join('\n');
}

function pageTable(page) {
  if (page.error) return `**Visitor page: NOT MEASURED — ${page.error}**${memberPagesTable(page.memberPages)}`;
  const lines = [
    `Cold load of \`${page.url}\` in ${page.browser ?? 'Chromium'} (fresh browser each run, 360×740 phone viewport); medians of ${page.rows[0]?.runs.length ?? 0} runs.`,
    '',
    `| profile | JS KB on the wire (decoded) | JS files | requests | first link clickable ms | LCP ms | CLS | targets (JS ≤ ${PAGE_TARGETS.jsKB} KB, LCP ≤ ${PAGE_TARGETS.lcpMs} ms, CLS ≤ ${PAGE_TARGETS.cls}) |`,
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of page.rows) {
    const judged =
      r.id === 'unthrottled'
        ? `JS ${yes(r.met.js)}; LCP/CLS targets apply to the slow profile`
        : `JS ${yes(r.met.js)}, LCP ${yes(r.met.lcp)}, CLS ${yes(r.met.cls)}`;
    lines.push(
      `| ${r.label} | ${n1(r.jsKB)} (${n1(r.jsDecodedKB)}) | ${n0(r.jsRequests)} | ${n0(r.requests)} | ${n0(r.clickableMs)} | ${n0(r.lcpMs)} | ${r.cls === null ? '–' : r.cls.toFixed(3)} | ${judged} |`,
    );
  }
  const u = page.rows.find((r) => r.id === 'unthrottled');
  if (u) {
    lines.push(
      '',
      `Repeat visit (same browser, warm cache): ${n1(u.repeatJsKB)} KB of JS over the network. ` +
        `Scripts sent uncompressed: ${u.uncompressedScripts.length ? u.uncompressedScripts.join(', ') : 'none'}. ` +
        `Hashed chunks without immutable caching: ${u.uncachedChunks.length ? u.uncachedChunks.join(', ') : 'none'}. ` +
        `Requests to the member/admin remotes: ${u.memberOrAdminRequests}. LCP element: ${u.lcpElement ?? '–'}.`,
    );
    if (u.largestScripts?.length) {
      lines.push(
        '',
        `Heaviest scripts (KB on the wire): ${u.largestScripts.map((s) => `${s.url.replace(/^https?:\/\/[^/]+/, (o) => originName(page, o))} ${n1(s.kb)}`).join(', ')}.`,
      );
    }
  }
  for (const r of page.rows.filter((row) => row.shifts?.length)) {
    const list = r.shifts.map((s) => `${s.at} ms: ${s.value} (${[...new Set(s.sources)].join(', ') || '?'})`).join('; ');
    lines.push('', `Layout shifts, ${r.label}, worst run: ${list}.`);
  }
  return lines.join('\n') + adminPageTable(page.admin) + memberPagesTable(page.memberPages);
}

/** Issue 12: the admin dashboard at 10,000 members under the slow profile (lib/admin-page-bench.mjs). */
function adminPageTable(admin) {
  if (!admin) return '';
  if (admin.error) return `\n\n**Admin dashboard: NOT MEASURED — ${admin.error}**`;
  const verdict = (ok) => (ok ? '**met**' : '**NOT met**');
  return [
    '',
    '',
    `Admin dashboard with ${n0(admin.members)} members (issue 12), ${admin.profile}, 360×740 phone viewport, cold load in a fresh browser; medians of ${admin.runs.length} runs:`,
    '',
    '| figure | ms | runs (ms) | target | result |',
    '|---|---:|---|---|---|',
    `| first page of 50 members shown, from navigation | ${n0(admin.firstPageMs)} | ${admin.runs.map((r) => n0(r.firstPageMs)).join(', ')} | ≤ ${n0(admin.budgetMs)} ms | ${verdict(admin.met.firstPage)} |`,
    `| search result shown, from typing | ${n0(admin.searchMs)} | ${admin.runs.map((r) => n0(r.searchMs)).join(', ')} | ≤ ${n0(admin.budgetMs)} ms | ${verdict(admin.met.search)} |`,
  ].join('\n');
}

/** "http://127.0.0.1:41234" → "mf-public:" so the table reads the same from run to run. */
function originName(page, origin) {
  const hit = Object.entries(page.origins ?? {}).find(([, o]) => o === origin);
  return hit ? `${hit[0]}:` : origin;
}

/** "; heap +9.6, Buffers +8.6 MB" when the API's memory probe answered. */
const heapPart = (c) =>
  c.heapGrowthMB === null || c.heapGrowthMB === undefined ? '' : `; heap +${n1(c.heapGrowthMB)}, Buffers +${n1(c.buffersGrowthMB)} MB`;

function statsTable(stats) {
  if (!stats || stats.error) return `**Stats: NOT MEASURED — ${stats?.error ?? 'not run'}**`;
  const lines = [
    `A profile with ${n0(STATS_TARGETS.events)} click events over 30 days (10 links, roll-ups built by the server's own code). ` +
      `One request at a time (the latency a member's page sees), ${stats.runs} rounds × ${stats.duration} s, medians of the rounds; ` +
      'the CSV is all the events, its memory the API process’s peak private RSS (RssAnon) during the download minus the same just before (the SQLite file’s mapped pages are the OS page cache, not counted); ' +
      'of which the V8 heap and Buffers are the peaks seen by a probe in the process (lib/mem-probe.cjs), the rest native memory (SQLite’s page cache, zlib).',
    '',
    '| scenario | engine | req/s | p50 ms | p99 ms | target | result |',
    '|---|---|---:|---:|---:|---|---|',
  ];
  const checks = [];
  for (const e of stats.engines) {
    if (e.error) {
      lines.push(`| Stats reads | ${e.engine} | **${e.error}** | | | | **NOT MEASURED** |`);
      continue;
    }
    for (const r of e.rows) {
      const bad = r.non2xx ? ` (${r.non2xx} non-2xx)` : '';
      lines.push(
        `| ${r.label} | ${r.engine} | ${n0(r.rps)} | ${r.p50 ?? '–'} | ${r.p99 ?? '–'} | p99 ≤ ${STATS_TARGETS.p99Ms} ms | ${yes(r.p99 !== null && r.p99 <= STATS_TARGETS.p99Ms && !r.non2xx)}${bad} |`,
      );
    }
    const c = e.csv;
    lines.push(
      `| GET /api/stats/clicks.csv, ${n0(c.rows)} rows (${n1(c.mb)} MB in ${n1(c.seconds)} s) | ${c.engine} | – | – | – | API memory growth < ${STATS_TARGETS.csvGrowthMB} MB | ${yes(c.growthMB < STATS_TARGETS.csvGrowthMB)} (+${n1(c.growthMB)} MB: ${n0(c.rssBeforeMB)} → ${n0(c.rssPeakMB)} MB${heapPart(c)}) |`,
    );
    checks.push(...e.checks);
  }
  if (checks.length) {
    lines.push('', '| stats correctness | expected | observed | result |', '|---|---|---|---|');
    for (const c of checks)
      lines.push(`| ${c.check} | ${c.expected} | ${c.observed} | ${c.expected === c.observed ? '**ok**' : '**FAILED**'} |`);
  }
  return lines.join('\n');
}

function startupTable(s) {
  if (s.error) return `**Start-up: NOT MEASURED — ${s.error}**`;
  return [
    '| start-up (built) | median ms | runs ms |',
    '|---|---:|---|',
    `| \`node scripts/start.mjs\` → /profile, its config, mf-public's manifest and the API all answer | ${n0(s.medianMs)} | ${s.runsMs.map(n0).join(', ')} (first run on an empty database: ${n0(s.runsMs[0])}) |`,
  ].join('\n');
}

export function renderMarkdown(res) {
  return [
    '# Rotalink bench — latest run',
    '',
    machineBlock(res.machine),
    '',
    '## API throughput and latency (autocannon) vs a bare-Fastify ceiling',
    '',
    apiTable(res.api, res.settings),
    '',
    '## Visitor page in Chromium',
    '',
    pageTable(res.page),
    '',
    '## Start-up',
    '',
    startupTable(res.startup),
    '',
    '## Stats (issue 15): a profile with a million click events',
    '',
    statsTable(res.stats),
    '',
    `Bench wall time: ${n0(res.wallSeconds)} s.`,
    '',
  ].join('\n');
}
