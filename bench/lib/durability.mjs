// Part of the bench's correctness checks (issue 11): kill -9 under click load. An API process is
// killed with SIGKILL while 50 visitors click; it is started again on the same database, and the
// stored count must hold every click that was acknowledged (a 200 reached the visitor) and no more
// than those plus the clicks still in flight at the kill (sent, never answered: their COMMIT may
// or may not have happened). Done for SQLite (synchronous = FULL) and PostgreSQL.
import { join } from 'node:path';
import { startApi } from './api-server.mjs';
import { createBenchDatabase, dropBenchDatabase } from './pg-db.mjs';
import { BROWSER_UA } from './load.mjs';
import { BIG_CAP, createMember, publicLink } from './seed.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `connections` loops clicking one link until `stop`; counts answers and what is in flight. */
function clickUntilStopped(base, linkId, connections) {
  const state = { acked: 0, inFlight: 0, errors: 0, other: 0, stop: false };
  const body = JSON.stringify({ link_id: linkId });
  const loops = Array.from({ length: connections }, async () => {
    while (!state.stop) {
      state.inFlight++;
      try {
        const res = await fetch(`${base}/api/public/increment-clicks`, {
          method: 'POST',
          // A person's browser: Node's own User-Agent is a bot, whose clicks are answered 200 but not counted (issue 14).
          headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
          body,
        });
        await res.arrayBuffer();
        if (res.status === 200) state.acked++;
        else state.other++;
      } catch {
        state.errors++;
        state.stop = true;
      } finally {
        state.inFlight--;
      }
    }
  });
  return { state, done: Promise.all(loops) };
}

/** One crash: load for a moment, SIGKILL, restart on the same database, compare. */
async function crashOnce({ repoRoot, workDir, databaseUrl, name, connections }) {
  const api = await startApi({ repoRoot, databaseUrl, workDir, name });
  let restarted;
  try {
    const member = await createMember(api.base, { tag: name, links: [{ cap: BIG_CAP }] });
    const load = clickUntilStopped(api.base, member.linkIds[0], connections);
    await sleep(1000 + Math.random() * 1000);
    const inFlightAtKill = load.state.inFlight;
    const ackedAtKill = load.state.acked;
    process.kill(-api.child.pid, 'SIGKILL');
    load.state.stop = true;
    await load.done;
    await api.exited;
    // Answers that arrived after the signal were sent before the process died: they count as acknowledged.
    const acked = load.state.acked;
    restarted = await startApi({ repoRoot, databaseUrl, workDir, name: `${name}-restarted` });
    const stored = (await publicLink(restarted.base, member.userId, member.linkIds[0]))?.clicks ?? null;
    const ok = stored !== null && stored >= acked && stored <= ackedAtKill + inFlightAtKill;
    return { acked, stored, inFlight: inFlightAtKill, ok };
  } finally {
    await api.stop();
    await restarted?.stop();
  }
}

/** The durability rows of the correctness table: one per engine, `crashes` kills each. */
export async function checkKillDurability({ repoRoot, workDir, crashes = 3, connections = 50, log }) {
  const rows = [];
  for (const engine of ['sqlite', 'postgres']) {
    let pgDb;
    const runs = [];
    let error;
    try {
      let databaseUrl = `sqlite:${join(workDir, 'durability.sqlite')}`;
      if (engine === 'postgres') {
        pgDb = await createBenchDatabase();
        databaseUrl = pgDb.url;
      }
      for (let i = 1; i <= crashes; i++) {
        const r = await crashOnce({ repoRoot, workDir, databaseUrl, name: `kill-${engine}-${i}`, connections });
        runs.push(r);
        log(
          `  kill -9 ${engine} #${i}: acknowledged ${r.acked}, stored ${r.stored}, in flight at the kill ${r.inFlight} → ${r.ok ? 'ok' : 'LOST OR INVENTED CLICKS'}`,
        );
      }
    } catch (err) {
      error = err.message.split('\n')[0];
      log(`  !!! kill -9 ${engine}: NOT MEASURED — ${err.message}`);
    } finally {
      if (pgDb) await dropBenchDatabase(pgDb.name).catch(() => {});
    }
    rows.push({
      id: `${engine}-kill-9`,
      check: `kill -9 under click load (${engine}, ${connections} connections, ${crashes} crashes, restarted on the same database): every acknowledged click stored, none invented`,
      engine,
      expected: 'acknowledged ≤ stored ≤ acknowledged + in flight at the kill',
      observed: error
        ? `NOT MEASURED: ${error}`
        : runs
            .map(
              (r) =>
                `${r.acked.toLocaleString('en-US')} acknowledged, ${r.stored?.toLocaleString('en-US')} stored, ${r.inFlight} in flight`,
            )
            .join('; '),
      ok: !error && runs.every((r) => r.ok),
    });
  }
  return rows;
}
