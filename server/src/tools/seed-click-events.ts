import { writeTogether } from '../db/batch-write';
import type { Db } from '../db/database';
import { RollupBatch } from '../modules/stats/rollup-batch';
import { rollupWrites } from '../modules/stats/rollups-write.repository';
import type { ClickEventInput } from '../modules/traffic';
import { clickEventsWrite } from '../modules/traffic/click-events.repository';

const DAY = 86_400_000;
const ROWS_PER_TRANSACTION = 50_000;

export interface SeedClickEventsOptions {
  userId: string;
  /** The profile's links; earlier ones get more of the clicks. */
  linkIds: readonly string[];
  count: number;
  /** The events are spread evenly over the `days` before `now`, oldest first. */
  days: number;
  now?: number;
}

/**
 * Issue 15's bench profile: `count` click events of `userId` written straight into the database
 * (a million clicks through the API would take longer than the whole bench), with their roll-ups
 * written the way the click ledger writes a batch (clickEventsWrite, RollupBatch, rollupWrites,
 * writeTogether), so the Stats page reads exactly what live clicks build. 10 % bots, 5 %
 * repeats, 60 % from the rotator, mostly phones, 30 referrer hosts (and 40 % none), visitors from
 * a pool of 300,000; the same events for the same arguments. Never on a real database. Kept in
 * the server (not the bench) so the type checker follows the roll-up code when it changes: the
 * bench's own copy once broke silently with a rename (issue 27).
 */
export async function seedClickEvents(db: Db, o: SeedClickEventsOptions): Promise<{ events: number; ms: number }> {
  const started = performance.now();
  const rnd = seeded(15);
  const hosts: Array<[string | null, number]> = [
    [null, 40],
    ...Array.from({ length: 30 }, (_, i): [string, number] => [`ref${i}.example.com`, 30 / (i + 1)]),
  ];
  const links: Array<[string, number]> = o.linkIds.map((id, i) => [id, o.linkIds.length - i]);
  const from = (o.now ?? Date.now()) - o.days * DAY;
  const step = (o.days * DAY) / o.count;
  for (let done = 0; done < o.count;) {
    const n = Math.min(ROWS_PER_TRANSACTION, o.count - done);
    const batch = new RollupBatch();
    const events: ClickEventInput[] = [];
    for (let i = 0; i < n; i++) {
      const bot = rnd() < 0.1;
      const verdict = bot ? 'bot' : rnd() < 0.055 ? 'repeat' : 'counted';
      const event: ClickEventInput = {
        createdAt: new Date(Math.floor(from + (done + i) * step)).toISOString(),
        userId: o.userId,
        linkId: pick(rnd, links),
        source: rnd() < 0.6 ? 'rotator' : 'page',
        verdict,
        device: bot ? 'bot' : pick(rnd, DEVICES),
        referrerHost: pick(rnd, hosts),
        visitor: `v${Math.floor(rnd() * 300_000)}`.padEnd(22, '0'),
        tracked: false,
        clickId: null,
      };
      batch.add(event);
      events.push(event);
    }
    await db.transaction().execute(async (trx) => {
      // As ClickBatch.close: the events first, then what the roll-ups hold (500 rows a statement).
      await writeTogether(trx, [clickEventsWrite(events), ...(await rollupWrites(trx, batch))]);
    });
    done += n;
  }
  return { events: o.count, ms: Math.round(performance.now() - started) };
}

const DEVICES: Array<[ClickEventInput['device'], number]> = [
  ['mobile', 55],
  ['desktop', 35],
  ['tablet', 10],
];

/** A small linear congruential generator: the same events on every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function pick<T>(rnd: () => number, weighted: ReadonlyArray<readonly [T, number]>): T {
  let x = rnd() * weighted.reduce((n, [, w]) => n + w, 0);
  for (const [value, w] of weighted) if ((x -= w) < 0) return value;
  return weighted[weighted.length - 1][0];
}
