#!/usr/bin/env node
// Side-by-side cold loads of the visitor page (/profile?userId=) for several sets of built front
// ends, interleaved run by run so the shared machine's load hits every set alike (issue 7, the
// JS budget). Reuses the bench's pieces (static server, built API, seeding, network recorder,
// vitals probe) — it only adds the interleaving and the gzip figure the budget is written in.
//
//   node build-config/scripts/compare-visitor-page.mjs [--runs 3] [--slow-only] LABEL=ROOT ...
//
// After the medians it prints the page's scripts file by file (gzip bytes, first run of the first
// profile), each named by what it is — a hashed chunk by the shared module it holds (the app's
// mf-manifest.json) or its exposed page — so the same file lines up across builds whose chunk
// ids and hashes differ.
//
// ROOT is a folder holding shell/dist, mf-public/dist, mf-member/dist, mf-admin/dist (the repo
// itself, or a copy of earlier dists). "JS gzip" adds up the .gz files of the scripts the page
// loaded (what a gzip-only client downloads); "JS wire" is what Chromium moved (brotli + headers).
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const repoRoot = resolve(new URL('../..', import.meta.url).pathname);
const bench = (f) => import(join(repoRoot, 'bench/lib', f));
const { serveFrontEnds, PROFILES, CHROMIUM } = await bench('page-bench.mjs');
const { startApi } = await bench('api-server.mjs');
const { createMember, click } = await bench('seed.mjs');
const { collectNetwork } = await bench('page-network.mjs');
const { median, clsFromShifts } = await bench('stats.mjs');
const { freePort, stopAll } = await bench('procs.mjs');

const argv = process.argv.slice(2);
const runs = Number(argv.includes('--runs') ? argv[argv.indexOf('--runs') + 1] : 3);
const profiles = argv.includes('--slow-only') ? PROFILES.filter((p) => p.cpu) : PROFILES;
const sets = argv.filter((a) => a.includes('=')).map((a) => ({ label: a.split('=')[0], root: resolve(a.split('=')[1]) }));
if (!sets.length) throw new Error('usage: compare-visitor-page.mjs [--runs N] [--slow-only] LABEL=ROOT ...');
const LAUNCH = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const PROBE = readFileSync(join(repoRoot, 'bench/lib/vitals-probe.js'), 'utf8');

/** The workspace (shell, mf-public…) serving `url` in this set, and the file's path in its dist/. */
function fileOf(url, set) {
  const u = new URL(url);
  const ws = Object.entries(set.fe.origins).find(([, o]) => o === u.origin)?.[0];
  return ws ? { ws, path: decodeURIComponent(u.pathname).replace(/^\/+/, '') } : null;
}

/** Size of the .gz copy of the file behind `url` (or the file itself when too small to compress). */
function gzipBytes(url, set) {
  const f = fileOf(url, set);
  if (!f) return 0;
  const file = join(set.root, f.ws, 'dist', f.path);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : existsSync(file) ? statSync(file).size : 0;
}

/**
 * A name for the file behind `url` that is the same in every build: its path without the content
 * hash, and for a numbered chunk what it holds — the shared modules whose chunk it is in the app's
 * mf-manifest.json (e.g. 'shell shared:@rotalink/shared-api'), else 'chunk'.
 */
function roleOf(url, set) {
  const f = fileOf(url, set);
  if (!f) return url;
  const name = f.path.replace(/\.[0-9a-f]{16,}(\.chunk)?\.js$/, '.js');
  if (!/^static\/js\/\d+\.js$/.test(name)) return `${f.ws} ${name}`;
  const manifest = join(set.root, f.ws, 'dist', 'mf-manifest.json');
  const shared = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')).shared ?? []) : [];
  const holds = shared.filter((m) => (m.assets?.js?.sync ?? []).includes(f.path)).map((m) => m.name);
  return `${f.ws} ${holds.length ? `shared:${holds.sort().join('+')}` : 'chunk'}`;
}

async function loadOnce(set, profile) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // Chromium warns here about a preload that went unused or a file fetched twice.
    page.on('console', (m) => ['error', 'warning'].includes(m.type()) && errors.push(`console ${m.type()}: ${m.text()}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    await page.addInitScript(`window.__benchLinkName = 'Offer 6';`);
    await page.addInitScript(PROBE);
    const scripts = [];
    const timeline = [];
    const t0 = Date.now();
    page.on('requestfinished', (r) =>
      timeline.push({
        url: r
          .url()
          .replace(/^https?:\/\/[^/]+/, '')
          .slice(0, 60),
        start: Math.round(r.timing().startTime - t0),
        end: Date.now() - t0,
      }),
    );
    cdp.on('Network.responseReceived', (e) => e.type === 'Script' && scripts.push(e.response.url));
    const net = collectNetwork(cdp);
    await page.goto(set.url, { waitUntil: 'commit', timeout: 60000 });
    await page.waitForFunction(() => window.__bench && window.__bench.clickableAt !== null, null, { timeout: 60000, polling: 50 });
    await net.quiet(1000, 20000);
    const probe = await page.evaluate(() => window.__bench);
    const s = net.summary(set.fe.origins);
    return {
      gzipKB: scripts.reduce((n, url) => n + gzipBytes(url, set), 0) / 1024,
      perFile: scripts.map((url) => ({ role: roleOf(url, set), gzip: gzipBytes(url, set) })),
      wireKB: s.jsKB,
      files: s.jsRequests,
      requests: s.requests,
      clickable: probe.clickableAt,
      lcp: probe.lcp.length ? probe.lcp[probe.lcp.length - 1].startTime : null,
      cls: clsFromShifts(probe.shifts),
      scripts: s.largestScripts,
      shifts: probe.shifts
        .filter((x) => !x.hadRecentInput)
        .map((x) => `${Math.round(x.startTime)}ms ${x.value.toFixed(3)} ${x.sources.join(' ')}`),
      errors: [...errors, ...s.failedRequests],
      timeline: timeline.sort((a, b) => a.start - b.start).map((x) => `${x.start}-${x.end} ${x.url}`),
    };
  } finally {
    await browser.close();
  }
}

/** The scripts of each set's first run, file by file, gzip bytes (a file a set did not load: —). */
function printPerFile(results) {
  const labels = [...results.keys()];
  const bytes = labels.map((label) => new Map(results.get(label)[0].perFile.map((f) => [f.role, f.gzip])));
  const roles = [...new Set(bytes.flatMap((m) => [...m.keys()]))].sort();
  console.log(`\nJS gzip bytes file by file (run 1)\n| file | ${labels.join(' | ')} |\n|---|${labels.map(() => '---:').join('|')}|`);
  for (const role of roles) console.log(`| ${role} | ${bytes.map((m) => m.get(role) ?? '—').join(' | ')} |`);
  const total = (m) => [...m.values()].reduce((a, b) => a + b, 0);
  console.log(`| **total** | ${bytes.map((m) => `**${total(m)}**`).join(' | ')} |`);
}

const workDir = mkdtempSync(join(tmpdir(), 'rl-compare-'));
const ports = await Promise.all(sets.map(() => freePort()));
// One API for every set: CORS for each shell origin (CORS_ORIGINS is read by the server).
process.env.CORS_ORIGINS = ports.map((p) => `http://127.0.0.1:${p}`).join(',');
const api = await startApi({
  repoRoot,
  databaseUrl: `sqlite:${join(workDir, 'page.sqlite')}`,
  workDir,
  name: 'api',
  publicSiteUrl: `http://127.0.0.1:${ports[0]}`,
});
try {
  const links = [
    ...Array.from({ length: 5 }, (_, i) => ({ cap: 1, name: `Done offer ${i + 1}` })),
    ...Array.from({ length: 15 }, (_, i) => ({ cap: 1000 + i, name: `Offer ${i + 6}` })),
  ];
  const member = await createMember(api.base, { tag: 'visitor', links });
  for (const id of member.linkIds.slice(0, 5)) await click(api.base, id);
  for (const [i, set] of sets.entries()) {
    set.fe = await serveFrontEnds({ repoRoot: set.root, workDir, apiBase: api.base, shellPort: ports[i], name: `static-${set.label}` });
    set.url = `${set.fe.shell}/profile?userId=${encodeURIComponent(member.userId)}`;
    await loadOnce(set, PROFILES[0]); // warm the servers
  }
  for (const profile of profiles) {
    const results = new Map(sets.map((s) => [s.label, []]));
    for (let r = 0; r < runs; r++) {
      for (const set of sets) {
        const x = await loadOnce(set, profile);
        results.get(set.label).push(x);
        console.error(
          `${profile.id} ${set.label} #${r + 1}: gzip ${x.gzipKB.toFixed(1)} KB, wire ${x.wireKB.toFixed(1)} KB, ${x.files} JS, ${x.requests} req, clickable ${Math.round(x.clickable)} ms, LCP ${Math.round(x.lcp)} ms, CLS ${x.cls.toFixed(3)}${x.errors.length ? ' ERRORS ' + x.errors.join(' | ') : ''}`,
        );
      }
    }
    console.log(
      `\n${profile.label} (median of ${runs})\n| set | JS gzip KB | JS wire KB | JS files | requests | clickable ms | LCP ms | CLS |\n|---|---|---|---|---|---|---|---|`,
    );
    for (const [label, xs] of results) {
      const m = (k) => median(xs.map((x) => x[k]));
      console.log(
        `| ${label} | ${m('gzipKB').toFixed(1)} | ${m('wireKB').toFixed(1)} | ${m('files')} | ${m('requests')} | ${Math.round(m('clickable'))} | ${Math.round(m('lcp'))} | ${m('cls').toFixed(3)} |`,
      );
    }
    if (process.env.TIMELINE)
      for (const [label, xs] of results) console.log(`${label} requests (run 1, ms from navigation):\n  ${xs[0].timeline.join('\n  ')}`);
    for (const [label, xs] of results) console.log(`${label} shifts (run 1): ${xs[0].shifts.join('; ') || 'none'}`);
    if (profile === profiles[0]) printPerFile(results);
    if (profile === profiles[0])
      for (const [label, xs] of results)
        console.log(`${label} largest: ${xs[0].scripts.map((s) => `${s.url.replace(/^https?:\/\/[^/]+/, '')} ${s.kb}`).join(', ')}`);
  }
} finally {
  for (const set of sets) await set.fe?.handle.stop();
  await api.stop();
  await stopAll({ final: true });
}
