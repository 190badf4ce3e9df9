import { RollupBatch, SLOT_MS, slotOf, type RollupEvent } from './rollup-batch';

/** The slot by the calendar: the time rounded down to its quarter hour, printed as stored. */
const bySlotArithmetic = (iso: string) => {
  const ms = Date.parse(iso);
  return new Date(ms - (((ms % SLOT_MS) + SLOT_MS) % SLOT_MS)).toISOString();
};

describe('slotOf: the 15-minute slot a click is rolled up in', () => {
  it.each([
    ['2026-10-25T01:37:12.345Z', '2026-10-25T01:30:00.000Z'],
    ['2026-10-25T01:00:00.000Z', '2026-10-25T01:00:00.000Z'],
    ['2026-10-25T01:14:59.999Z', '2026-10-25T01:00:00.000Z'],
    ['2026-10-25T23:59:59.999Z', '2026-10-25T23:45:00.000Z'],
    // Other forms of the same instant (no milliseconds, an offset) land in the same slot.
    ['2026-10-25T01:37:12Z', '2026-10-25T01:30:00.000Z'],
    ['2026-10-25T03:37:12.345+02:00', '2026-10-25T01:30:00.000Z'],
  ])('%s → %s', (iso, slot) => {
    expect(slotOf(iso)).toBe(slot);
  });

  it('agrees with the calendar for every minute of a day and random instants over a century', () => {
    const day = Date.parse('2026-03-29T00:00:00.000Z');
    for (let m = 0; m < 24 * 60; m++) {
      const iso = new Date(day + m * 60_000 + 12_345).toISOString();
      expect(slotOf(iso)).toBe(bySlotArithmetic(iso));
    }
    for (let i = 0; i < 2000; i++) {
      const iso = new Date(Math.floor(Math.random() * 3.2e12)).toISOString();
      expect(slotOf(iso)).toBe(bySlotArithmetic(iso));
    }
  });
});

describe('RollupBatch: the sums of a batch of clicks', () => {
  // A batch whose clicks switch profile, link, slot and referrer from one click to the next, and
  // runs where they do not: the rows the previous click was added to must never take the next
  // click of another row.
  const profiles = ['p1', 'p2'];
  const links = ['l1', 'l2', null];
  const hosts = [null, 'a.example', 'b.example'];
  const times = ['2026-10-25T01:14:59.999Z', '2026-10-25T01:15:00.000Z', '2026-10-26T01:15:00.000Z'];
  const verdicts = ['counted', 'repeat', 'bot'] as const;
  const devices = ['mobile', 'tablet', 'desktop', 'bot'] as const;
  let seed = 7;
  const pick = <T>(xs: readonly T[]): T => xs[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % xs.length];
  const events: RollupEvent[] = [];
  for (let i = 0; i < 600; i++) {
    const e: RollupEvent = {
      createdAt: pick(times),
      userId: pick(profiles),
      linkId: pick(links),
      source: pick(['page', 'rotator'] as const),
      verdict: pick(verdicts),
      device: pick(devices),
      referrerHost: pick(hosts),
      visitor: pick(['v1', 'v2', 'v3']),
      clickId: null,
    };
    // Runs of the same click, as a blast on one link sends them.
    const run = i % 5 === 0 ? 4 : 1;
    for (let k = 0; k < run; k++) events.push({ ...e });
  }

  it('adds every click to its own slot row, referrer row and profile total, as counted one by one', () => {
    const batch = new RollupBatch();
    for (const e of events) batch.add(e);

    const slotKey = (e: RollupEvent) => `${e.userId}|${slotOf(e.createdAt)}|${e.linkId ?? ''}`;
    for (const row of batch.rollupRows()) {
      const mine = events.filter((e) => slotKey(e) === `${row.userId}|${row.slot}|${row.linkId}`);
      expect(row.counters.counted).toBe(mine.filter((e) => e.verdict === 'counted').length);
      expect(row.counters.bot).toBe(mine.filter((e) => e.verdict === 'bot').length);
      expect(row.counters.page).toBe(mine.filter((e) => e.source === 'page').length);
      expect(row.counters.mobile_counted).toBe(mine.filter((e) => e.device === 'mobile' && e.verdict === 'counted').length);
    }
    expect(batch.rollupRows().reduce((n, r) => n + r.counters.counted + r.counters.repeat + r.counters.bot, 0)).toBe(events.length);
    expect(new Set(batch.rollupRows().map((r) => `${r.userId}|${r.slot}|${r.linkId}`)).size).toBe(new Set(events.map(slotKey)).size);

    for (const ref of batch.referrerRows()) {
      const mine = events.filter((e) => e.userId === ref.userId && slotOf(e.createdAt) === ref.slot && (e.referrerHost ?? '') === ref.host);
      expect(ref.all).toBe(mine.length);
      expect(ref.counted).toBe(mine.filter((e) => e.verdict === 'counted').length);
    }
    expect(batch.referrerRows().reduce((n, r) => n + r.all, 0)).toBe(events.length);

    for (const total of batch.totalsRows()) {
      const mine = events.filter((e) => e.userId === total.userId);
      expect([total.counted, total.repeat, total.bot]).toEqual(verdicts.map((v) => mine.filter((e) => e.verdict === v).length));
    }
  });

  it('sights each visitor once per profile and day, crediting the slot row of its first human click', () => {
    const batch = new RollupBatch();
    for (const e of events) batch.add(e);
    const humans = events.filter((e) => e.verdict !== 'bot');
    const firsts = new Map<string, RollupEvent>();
    for (const e of humans) {
      const key = `${e.userId}|${e.createdAt.slice(0, 10)}|${e.visitor}`;
      if (!firsts.has(key)) firsts.set(key, e);
    }
    const sightings = batch.visitorSightings();
    expect(sightings).toHaveLength(firsts.size);
    for (const s of sightings) {
      const first = firsts.get(`${s.userId}|${s.day}|${s.visitor}`)!;
      expect([s.credit.userId, s.credit.slot, s.credit.linkId]).toEqual([first.userId, slotOf(first.createdAt), first.linkId ?? '']);
    }
  });
});
