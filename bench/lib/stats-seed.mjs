// A profile with a million click events for the Stats bench (issue 15), written straight into
// the database: a million clicks through the API would take longer than the whole bench. The
// events go in with multi-row INSERTs, and their roll-ups through the SERVER'S OWN roll-up code
// (its built RollupBatch and writeRollups), so the bench reads exactly what live clicks build.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DAY = 86_400_000;
const ROWS_PER_INSERT = 500;
const ROWS_PER_TRANSACTION = 50_000;

function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pick = (rnd, weighted) => {
  let x = rnd() * weighted.reduce((n, [, w]) => n + w, 0);
  for (const [value, w] of weighted) if ((x -= w) < 0) return value;
  return weighted[weighted.length - 1][0];
};

/**
 * `count` events of `userId` spread evenly over the `days` before `now`, oldest first: 10 % bots,
 * 5 % repeats, 60 % from the rotator, mostly phones, 30 referrer hosts (and 40 % none), visitors
 * from a pool of 300,000. Returns the seconds it took.
 */
export async function seedClickEvents({ repoRoot, databaseUrl, userId, linkIds, count, days, now = Date.now() }) {
  const dist = (p) => import(pathToFileURL(join(repoRoot, 'server', 'dist', p)).href);
  const { connect } = await dist('db/connect.js');
  const { RollupBatch } = await dist('modules/stats/rollup-batch.js');
  const { writeRollups } = await dist('modules/stats/rollups-write.repository.js');
  const { db, close } = connect(databaseUrl, { timeoutMs: 600_000 });
  const started = performance.now();
  const rnd = seeded(15);
  const hosts = [[null, 40], ...Array.from({ length: 30 }, (_, i) => [`ref${i}.example.com`, 30 / (i + 1)])];
  const links = linkIds.map((id, i) => [id, linkIds.length - i]);
  const from = now - days * DAY;
  const step = (days * DAY) / count;
  try {
    for (let done = 0; done < count;) {
      const n = Math.min(ROWS_PER_TRANSACTION, count - done);
      const batch = new RollupBatch();
      const rows = [];
      for (let i = 0; i < n; i++) {
        const bot = rnd() < 0.1;
        const verdict = bot ? 'bot' : rnd() < 0.055 ? 'repeat' : 'counted';
        const event = {
          createdAt: new Date(Math.floor(from + (done + i) * step)).toISOString(),
          userId,
          linkId: pick(rnd, links),
          source: rnd() < 0.6 ? 'rotator' : 'page',
          verdict,
          device: bot
            ? 'bot'
            : pick(rnd, [
                ['mobile', 55],
                ['desktop', 35],
                ['tablet', 10],
              ]),
          referrerHost: pick(rnd, hosts),
          visitor: `v${Math.floor(rnd() * 300_000)}`.padEnd(22, '0'),
        };
        batch.add(event);
        rows.push({
          created_at: event.createdAt,
          user_id: userId,
          link_id: event.linkId,
          source: event.source,
          verdict: event.verdict,
          device: event.device,
          referrer_host: event.referrerHost,
          visitor: event.visitor,
          tracked: 0,
        });
      }
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
          await trx
            .insertInto('click_events')
            .values(rows.slice(i, i + ROWS_PER_INSERT))
            .execute();
        await writeRollups(trx, batch);
      });
      done += n;
    }
    return (performance.now() - started) / 1000;
  } finally {
    await close();
  }
}
