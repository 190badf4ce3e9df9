// Part 3 of the bench: the visitor page (/profile?userId=) in real Chromium, cold, served from
// the built dists on their own ports through the project's static server, talking to the built
// API. Two profiles: unthrottled, and Lighthouse's slow 4G with a 4× CPU slowdown.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startNode, freePort, waitForHttp } from './procs.mjs';
import { startApi } from './api-server.mjs';
import { createMember, click } from './seed.mjs';
import { medianOf, median, clsFromShifts } from './stats.mjs';
import { collectNetwork } from './page-network.mjs';
import { PAGE_TARGETS } from './page-targets.mjs';
import { measureAdminDashboard } from './admin-page-bench.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const PROBE = readFileSync(new URL('./vitals-probe.js', import.meta.url), 'utf8');

// Lighthouse's "slow 4G" (mobileSlow4G): 150 ms RTT, 1.6 Mbps down, 750 Kbps up, CPU 4× slower.
export const PROFILES = [
  { id: 'unthrottled', label: 'unthrottled' },
  {
    id: 'slow-4g-cpu4x',
    label: 'slow 4G + 4× CPU',
    cpu: 4,
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  },
];

export const FRONT_ENDS = [
  { ws: 'shell', container: null },
  { ws: 'mf-public', container: 'mf_public' },
  { ws: 'mf-member', container: 'mf_member' },
  { ws: 'mf-admin', container: 'mf_admin' },
];

export function missingFrontEnds(repoRoot) {
  return FRONT_ENDS.filter(
    ({ ws, container }) => !existsSync(join(repoRoot, ws, 'dist', container ? 'mf-manifest.json' : 'index.html')),
  ).map((f) => f.ws);
}

/** Serves shell + remotes from their own ports; returns their origins. */
export async function serveFrontEnds({ repoRoot, workDir, apiBase, shellPort, name = 'static' }) {
  const ports = {};
  for (const f of FRONT_ENDS) ports[f.ws] = f.ws === 'shell' && shellPort ? shellPort : await freePort();
  const origin = (ws) => `http://127.0.0.1:${ports[ws]}`;
  const config = {
    apiBase,
    remotes: Object.fromEntries(FRONT_ENDS.filter((f) => f.container).map((f) => [f.container, `${origin(f.ws)}/mf-manifest.json`])),
  };
  const sites = FRONT_ENDS.map((f) => ({
    dir: join(repoRoot, f.ws, 'dist'),
    port: ports[f.ws],
    spa: !f.container,
    ...(f.container ? {} : { config }),
  }));
  const handle = startNode([new URL('./static-child.mjs', import.meta.url).pathname, JSON.stringify({ repoRoot, sites })], {
    logFile: join(workDir, `${name}.log`),
  });
  for (const f of FRONT_ENDS) await waitForHttp(`${origin(f.ws)}/${f.container ? 'mf-manifest.json' : ''}`, { handle });
  return { handle, shell: origin('shell'), origins: Object.fromEntries(FRONT_ENDS.map((f) => [f.ws, origin(f.ws)])) };
}

async function loadOnce(browser, url, profile, linkName, origins) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    await page.addInitScript(`window.__benchLinkName = ${JSON.stringify(linkName)};`);
    await page.addInitScript(PROBE);
    const net = collectNetwork(cdp);
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: 60000 });
    await page.waitForFunction(() => window.__bench && window.__bench.clickableAt !== null, null, { timeout: 60000, polling: 50 });
    await net.quiet(1000, 20000); // let late requests and shifts land before reading
    const probe = await page.evaluate(() => window.__bench);
    const cold = net.summary(origins);
    // Repeat visit in the same context: what a returning visitor downloads (hashed chunks
    // should come from the cache; only no-cache entry files are revalidated).
    let repeat = null;
    if (!profile.network) {
      const net2 = collectNetwork(cdp);
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__bench && window.__bench.clickableAt !== null, null, { timeout: 60000, polling: 50 });
      await net2.quiet(1000, 20000);
      repeat = net2.summary(origins);
    }
    return {
      wallMs: performance.now() - started,
      clickableMs: probe.clickableAt,
      lcpMs: probe.lcp.length ? probe.lcp[probe.lcp.length - 1].startTime : null,
      lcpElement: probe.lcp.length ? probe.lcp[probe.lcp.length - 1].tag : null,
      cls: clsFromShifts(probe.shifts),
      shifts: probe.shifts
        .filter((x) => !x.hadRecentInput)
        .map((x) => ({ at: Math.round(x.startTime), value: Math.round(x.value * 1000) / 1000, sources: x.sources })),
      ...cold,
      repeatJsKB: repeat?.jsKB ?? null,
      repeatRequests: repeat?.requests ?? null,
    };
  } finally {
    await context.close();
  }
}

export async function runPageBench({ repoRoot, workDir, runs, log }) {
  const missing = missingFrontEnds(repoRoot);
  if (missing.length) throw new Error(`front ends not built: ${missing.join(', ')} (run npm run build)`);
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  if (!existsSync(join(repoRoot, 'scripts', 'static-server.mjs'))) throw new Error('scripts/static-server.mjs is missing');
  const shellPort = await freePort();
  const databaseUrl = `sqlite:${join(workDir, 'page.sqlite')}`;
  let api;
  let fe;
  let browser;
  try {
    // The API must accept the shell's origin (CORS), so the shell's port is chosen first.
    api = await startApi({
      repoRoot,
      databaseUrl,
      workDir,
      name: 'api-page',
      publicSiteUrl: `http://127.0.0.1:${shellPort}`,
    });
    const links = [
      ...Array.from({ length: 5 }, (_, i) => ({ cap: 1, name: `Done offer ${i + 1}` })),
      ...Array.from({ length: 15 }, (_, i) => ({ cap: 1000 + i, name: `Offer ${i + 6}` })),
    ];
    const member = await createMember(api.base, { tag: 'visitor', links });
    for (const id of member.linkIds.slice(0, 5)) await click(api.base, id);
    fe = await serveFrontEnds({ repoRoot, workDir, apiBase: api.base, shellPort });
    const url = `${fe.shell}/profile?userId=${encodeURIComponent(member.userId)}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    await loadOnce(browser, url, PROFILES[0], 'Offer 6', fe.origins); // warm the servers, not the browser
    const rows = [];
    for (const profile of PROFILES) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        // A fresh browser per cold load: no HTTP cache, no pooled connections, no code cache.
        await browser.close();
        browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
        const r = await loadOnce(browser, url, profile, 'Offer 6', fe.origins);
        results.push(r);
        log(
          `  ${profile.id.padEnd(14)} run ${i + 1}/${runs}: JS ${r.jsKB.toFixed(1)} KB in ${r.jsRequests} files, ${r.requests} requests, clickable ${Math.round(r.clickableMs)} ms, LCP ${Math.round(r.lcpMs)} ms, CLS ${r.cls.toFixed(3)}`,
        );
      }
      rows.push(summarisePage(profile, results));
    }
    // Issue 12: the admin dashboard at 10,000 members, on the same stack and the slow profile.
    const admin = await measureAdminDashboard({
      repoRoot,
      databaseUrl,
      apiBase: api.base,
      shell: fe.shell,
      profile: PROFILES.find((p) => p.cpu),
      runs,
      launch: { executablePath: CHROMIUM, args: LAUNCH_ARGS },
      log,
    }).catch((err) => ({ error: err.message.split('\n')[0] }));
    return {
      rows,
      admin,
      url: url.replace(member.userId, '<id>').replace(fe.shell, 'shell:'),
      origins: { ...fe.origins, api: api.base },
      browser: browser.version(),
    };
  } finally {
    await browser?.close().catch(() => {});
    await fe?.handle.stop();
    await api?.stop();
  }
}

function summarisePage(profile, runs) {
  const row = {
    id: profile.id,
    label: profile.label,
    jsKB: medianOf(runs, 'jsKB'),
    jsDecodedKB: medianOf(runs, 'jsDecodedKB'),
    jsRequests: medianOf(runs, 'jsRequests'),
    requests: medianOf(runs, 'requests'),
    clickableMs: medianOf(runs, 'clickableMs'),
    lcpMs: medianOf(runs, 'lcpMs'),
    cls: medianOf(runs, 'cls'),
    repeatJsKB: median(runs.map((r) => r.repeatJsKB)),
    uncompressedScripts: [...new Set(runs.flatMap((r) => r.uncompressedScripts))],
    uncachedChunks: [...new Set(runs.flatMap((r) => r.uncachedChunks))],
    memberOrAdminRequests: Math.max(...runs.map((r) => r.memberOrAdminRequests)),
    lcpElement: runs[0]?.lcpElement ?? null,
    largestScripts: runs[0]?.largestScripts ?? [],
    // The shifts of the run with the worst CLS: what to fix when the target is missed.
    shifts: [...runs].sort((a, b) => b.cls - a.cls)[0]?.shifts ?? [],
    runs,
  };
  row.met = {
    js: row.jsKB !== null && row.jsKB <= PAGE_TARGETS.jsKB,
    lcp: row.lcpMs !== null && row.lcpMs <= PAGE_TARGETS.lcpMs,
    cls: row.cls !== null && row.cls <= PAGE_TARGETS.cls,
  };
  return row;
}
