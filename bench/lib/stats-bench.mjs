// Part of the bench for issue 15: a profile with 1,000,000 click events, on SQLite and
// PostgreSQL. The Stats page's reads (the 30-day summary, the 30-day hourly series of the profile
// and of one link) are timed one request at a time, the latency one member's page sees; the CSV
// of all million events is downloaded while the API process's resident memory is sampled, and
// its V8 heap and Buffers by a probe inside it (lib/mem-probe.cjs).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApi } from './api-server.mjs';
import { runLoad } from './load.mjs';
import { createBenchDatabase, dropBenchDatabase } from './pg-db.mjs';
import { createMember, BIG_CAP, http } from './seed.mjs';
import { seedClickEvents } from './stats-seed.mjs';
import { median, medianOf } from './stats.mjs';
import { STATS_TARGETS } from './stats-targets.mjs';

const DAY = 86_400_000;

/**
 * The private resident memory of a process, in MB (Linux /proc RssAnon: heap, buffers, SQLite's
 * page cache). Not VmRSS: that also counts the pages of the database FILE that SQLite maps
 * (mmap_size 256 MB) — the OS page cache, shared and reclaimable, which a scan of a large table
 * fills whatever the code does.
 */
function rssMB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('RssAnon:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? NaN) / 1024;
}

/** Asks the API's memory probe for its figures (and new peaks); null when it did not answer in 2 s. */
async function probeMemory(pid, file) {
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).length : 0);
  const had = lines();
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 2000; waited += 20) {
    if (lines() > had) return JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

/** Downloads the CSV, counting its lines, while sampling the API's RSS every 20 ms (and its heap through the probe). */
async function measureCsv({ base, pid, url, token, probeFile }) {
  const probeBefore = await probeMemory(pid, probeFile);
  const before = rssMB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMB(pid))), 20);
  const started = performance.now();
  let lines = 0;
  let bytes = 0;
  try {
    const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`the CSV answered ${res.status}`);
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMB(pid));
  const probeAfter = probeBefore && (await probeMemory(pid, probeFile));
  const growth = (k) => (probeAfter ? probeAfter[`peak_${k}`] - probeBefore[k] : null);
  return {
    heapBeforeMB: probeBefore?.heapUsed ?? null,
    heapGrowthMB: growth('heapUsed'),
    buffersGrowthMB: growth('arrayBuffers'),
    rows: lines - 1,
    mb: bytes / 1e6,
    seconds: (performance.now() - started) / 1000,
    rssBeforeMB: before,
    rssPeakMB: peak,
    growthMB: peak - before,
  };
}

function logTail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch (err) {
    return `(no log: ${err.message})`;
  }
}

async function benchEngine({ engine, repoRoot, workDir, runs, duration, log }) {
  let pgDb;
  let api;
  try {
    let databaseUrl = `sqlite:${join(workDir, 'stats.sqlite')}`;
    if (engine === 'postgres') {
      pgDb = await createBenchDatabase();
      databaseUrl = pgDb.url;
    }
    const probeFile = join(workDir, `stats-api-${engine}.memory.jsonl`);
    api = await startApi({
      repoRoot,
      databaseUrl,
      workDir,
      name: `stats-api-${engine}`,
      nodeArgs: ['--require', join(repoRoot, 'bench', 'lib', 'mem-probe.cjs')],
      env: { MEMPROBE_FILE: probeFile },
    });
    const member = await createMember(api.base, {
      tag: 'stats',
      links: Array.from({ length: 10 }, (_, i) => ({ cap: BIG_CAP, name: `Offer ${i + 1}` })),
    });
    const now = Date.now();
    const seedSeconds = await seedClickEvents({
      repoRoot,
      databaseUrl,
      userId: member.userId,
      linkIds: member.linkIds,
      count: STATS_TARGETS.events,
      days: 30,
      now,
    });
    log(`  ${engine}: ${STATS_TARGETS.events.toLocaleString('en-US')} events and their roll-ups seeded in ${seedSeconds.toFixed(0)} s`);
    // On SQLite the seed runs better-sqlite3 in THIS process: synchronous statements whose awaits
    // are microtasks, so the event loop did not poll sockets for the whole seed. The API closed
    // the kept-alive socket of createMember meanwhile (keepAliveTimeout 5 s); undici has not read
    // that FIN yet and would send the next request on the dead socket ("fetch failed: other side
    // closed"). One pass of the poll phase lets it drop the socket.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const range = `from=${new Date(now - 30 * DAY).toISOString()}&to=${new Date(now + 60_000).toISOString()}`;
    const q = `user_id=${encodeURIComponent(member.userId)}&${range}`;
    const auth = { authorization: `Bearer ${member.token}` };
    const scenarios = [
      { id: 'summary', label: 'GET /api/stats/summary, 30 days', url: `/api/stats/summary?${q}` },
      {
        id: 'series',
        label: 'GET /api/stats/series, 30 days hourly (America/New_York)',
        url: `/api/stats/series?${q}&interval=hour&tz=America%2FNew_York`,
      },
      {
        // The Stats page's chart of one link (its link filter): the per-link 15-minute roll-ups.
        id: 'linkSeries',
        label: 'GET /api/stats/series, one link, 30 days hourly (America/New_York)',
        url: `/api/stats/series?${q}&interval=hour&tz=America%2FNew_York&link_id=${encodeURIComponent(member.linkIds[0])}`,
      },
    ];
    // Correctness first: the summary counts every seeded event.
    const { json: summary } = await http(api.base, 'GET', scenarios[0].url, { token: member.token });
    const checks = [{ check: `summary counts every event (${engine})`, expected: STATS_TARGETS.events, observed: summary.totals.all }];
    for (const s of scenarios) await runLoad({ url: api.base + s.url, connections: 1, amount: 20, headers: auth });
    const rounds = Object.fromEntries(scenarios.map((s) => [s.id, []]));
    for (let r = 0; r < runs; r++) {
      for (const s of scenarios) rounds[s.id].push(await runLoad({ url: api.base + s.url, connections: 1, duration, headers: auth }));
    }
    const rows = scenarios.map((s) => ({
      engine,
      label: s.label,
      rps: medianOf(rounds[s.id], 'rps'),
      p50: medianOf(rounds[s.id], 'p50'),
      p99: medianOf(rounds[s.id], 'p99'),
      non2xx: median(rounds[s.id].map((x) => x.completed - x.ok2xx)),
    }));
    const csv = await measureCsv({ base: api.base, pid: api.child.pid, url: `/api/stats/clicks.csv?${q}`, token: member.token, probeFile });
    checks.push({ check: `CSV has one row per event (${engine})`, expected: STATS_TARGETS.events, observed: csv.rows });
    log(
      `  ${engine}: summary p99 ${rows[0].p99} ms, series p99 ${rows[1].p99} ms, one-link series p99 ${rows[2].p99} ms; ` +
        `CSV ${csv.rows} rows in ${csv.seconds.toFixed(1)} s, RSS +${csv.growthMB.toFixed(1)} MB (heap +${csv.heapGrowthMB?.toFixed(1) ?? '?'} MB, Buffers +${csv.buffersGrowthMB?.toFixed(1) ?? '?'} MB)`,
    );
    return { engine, seedSeconds, rows, csv: { engine, ...csv }, checks };
  } catch (err) {
    // "fetch failed" alone says nothing: name undici's cause and show the API's last log lines.
    const cause = err.cause ? ` (${err.cause.code ?? ''} ${err.cause.message ?? err.cause})` : '';
    log(`!!! stats, ${engine}: NOT MEASURED — ${err.message}${cause}`);
    log(
      `    API exit: ${api?.child?.exitCode ?? 'running'} ${api?.child?.signalCode ?? ''}; last lines of its log:\n${logTail(join(workDir, `stats-api-${engine}.log`))}`,
    );
    return { engine, error: `${err.message.split('\n')[0]}${cause}` };
  } finally {
    await api?.stop();
    if (pgDb) await dropBenchDatabase(pgDb.name).catch(() => {});
  }
}

export async function runStatsBench({ repoRoot, workDir, runs, duration, log }) {
  const engines = [];
  for (const engine of ['sqlite', 'postgres']) engines.push(await benchEngine({ engine, repoRoot, workDir, runs, duration, log }));
  return { runs, duration, engines };
}
