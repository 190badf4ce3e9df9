// The scale part of the bench (issue 12): a database of 100,000 members with 5 links each, seeded
// straight into the tables by the server's own tool (server/dist/tools/seed-members.js), then the
// admin's reads and a visitor's read beside them, on SQLite and PostgreSQL.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN, startApi } from './api-server.mjs';
import { BROWSER_UA, runLoad } from './load.mjs';
import { createBenchDatabase, dropBenchDatabase } from './pg-db.mjs';
import { track } from './procs.mjs';
import { cpuTimeMs } from './cpu.mjs';

export const SCALE = { members: 100_000, linksPerMember: 5, auditEvents: 100_000 };
export const SCALE_TARGETS = { adminP99Ms: 150, rssMb: 200, visitorP99Ms: 20 };
const SAMPLES = 60; // sequential requests per admin figure
const PAGE_LOADS = 20; // admin dashboard loads before the API's memory is read

/** Members written straight into the database by the server's seeding tool; its summary line. */
export function seedMembers(repoRoot, databaseUrl, { members = SCALE.members, links = SCALE.linksPerMember, args = [] } = {}) {
  const tool = join(repoRoot, 'server', 'dist', 'tools', 'seed-members.js');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [tool, '--database-url', databaseUrl, '--members', String(members), '--links', String(links), ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    track(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(`seeding failed: ${err.trim()}`)),
    );
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function get(base, path, token) {
  const started = performance.now();
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}`, 'user-agent': BROWSER_UA } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 200)}`);
  return { ms: performance.now() - started, json: JSON.parse(body), bytes: body.length };
}

/**
 * p50/p99 of `SAMPLES` sequential calls of `path` (after 5 unmeasured ones), and the API process's
 * CPU per call — what the call holds the event loop for, whatever else the machine is doing.
 */
async function timed(api, path, token) {
  for (let i = 0; i < 5; i++) await get(api.base, path, token);
  const times = [];
  let last;
  const cpuBefore = cpuTimeMs([api.child.pid]);
  for (let i = 0; i < SAMPLES; i++) {
    last = await get(api.base, path, token);
    times.push(last.ms);
  }
  const cpuMs = (cpuTimeMs([api.child.pid]) - cpuBefore) / SAMPLES;
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), cpuMs, total: last.json.total, bytes: last.bytes };
}

/**
 * The process's resident memory (MB) and its parts: anonymous (the JavaScript heap, buffers) and
 * file-backed (SQLite's memory-mapped database pages, shared with the page cache).
 */
function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

async function measureEngine({ engine, repoRoot, workDir, duration, log }) {
  let pgDb;
  let api;
  try {
    let databaseUrl = `sqlite:${join(workDir, 'scale.sqlite')}`;
    if (engine === 'postgres') {
      pgDb = await createBenchDatabase();
      databaseUrl = pgDb.url;
    }
    // Issue 33: the audit log holds 100,000 rows too, for the Activity page's row.
    const seeded = await seedMembers(repoRoot, databaseUrl, { args: ['--audit-events', String(SCALE.auditEvents)] });
    log(`  ${engine}: ${seeded.members} members, ${seeded.links} links seeded in ${Math.round(seeded.ms / 1000)} s`);
    api = await startApi({ repoRoot, databaseUrl, workDir, name: `api-scale-${engine}` });
    const login = await fetch(`${api.base}/api/admin/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = (await login.json()).token;
    // Memory first, as an admin would use it: 20 loads of the dashboard (its pages, in turn).
    const rssStart = memoryMb(api.child.pid);
    for (let i = 1; i <= PAGE_LOADS; i++) await get(api.base, `/api/admin/allusers?page=${i}&pageSize=50`, token);
    const rssAfter = memoryMb(api.child.pid);

    const firstPage = await timed(api, '/api/admin/allusers?page=1&pageSize=50', token);
    // A search for one member's address, as an admin types it (about 100 members share it).
    const search = await timed(api, '/api/admin/allusers?page=1&pageSize=50&q=scale-0421', token);
    const broadSearch = await timed(api, '/api/admin/allusers?page=1&pageSize=50&q=example.com', token);
    const unpaged = await timed(api, '/api/admin/allusers', token);
    // Issue 33: the Activity page's first page over the whole log, and filtered by one action.
    const activity = await timed(api, '/api/admin/activity?page=1&pageSize=50', token);
    const activityFiltered = await timed(api, '/api/admin/activity?page=1&pageSize=50&action=admin.membership-edited', token);

    // The visitor's read alone, then while one admin pages through the list without pause.
    const visitor = (await get(api.base, '/api/admin/allusers?page=500&pageSize=1', token)).json.users[0].user_id;
    const visitorUrl = `${api.base}/api/public/publicProfile?user_id=${encodeURIComponent(visitor)}`;
    const alone = await runLoad({ url: visitorUrl, connections: 10, duration });
    let paging = true;
    let adminPages = 0;
    const adminLoop = (async () => {
      for (let page = 1; paging; page++) {
        await get(api.base, `/api/admin/allusers?page=${page}&pageSize=50`, token);
        adminPages++;
      }
    })();
    const withAdmin = await runLoad({ url: visitorUrl, connections: 10, duration });
    paging = false;
    await adminLoop;
    return {
      engine,
      seeded,
      firstPage,
      search,
      broadSearch,
      unpaged,
      activity,
      activityFiltered,
      rssStart,
      rssAfter,
      alone,
      withAdmin,
      adminPages,
      version: pgDb?.version,
    };
  } catch (err) {
    return { engine, error: err.message.split('\n')[0] };
  } finally {
    await api?.stop();
    if (pgDb) await dropBenchDatabase(pgDb.name).catch(() => {});
  }
}

export async function runScaleBench({ repoRoot, workDir, duration = 5, log }) {
  const engines = [];
  for (const engine of ['sqlite', 'postgres']) engines.push(await measureEngine({ engine, repoRoot, workDir, duration, log }));
  return { engines };
}
