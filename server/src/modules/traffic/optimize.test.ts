import { HttpError } from '../../errors';
import { activate, addLink, bearer, engines, signupMember, useTestApp } from '../../../test/helpers';
import { ConversionLimits } from '../conversions/conversion-limits';
import { recordConversion } from '../conversions/record-conversion';
import { seeded } from '../stats/stats.test-helper';
import { clickTimeOf } from './click-ids';
import { ClickLedger } from './click-ledger';
import { chanceFrom, optimizeChoice, OPTIMIZE_MIN_SHARE, type LinkEarnings } from './optimize';

describe('optimizeChoice (issue 30): Thompson sampling with a minimum share', () => {
  const earnings = new Map<string, LinkEarnings>([
    ['a', { clicks: 1000, conversions: 100, revenueMinor: 200_000 }],
    ['b', { clicks: 1000, conversions: 20, revenueMinor: 40_000 }],
    ['c', { clicks: 1000, conversions: 20, revenueMinor: 40_000 }],
  ]);
  const run = (seed: number, n = 20_000) => {
    const chance = chanceFrom(seeded(seed));
    return Array.from({ length: n }, () => optimizeChoice(['a', 'b', 'c'], earnings, chance));
  };

  it('is reproducible with a fixed seed, and another seed draws otherwise', () => {
    expect(run(7, 500)).toEqual(run(7, 500));
    expect(run(8, 500)).not.toEqual(run(7, 500));
  });

  it('sends most visits to the best earner per click and keeps every link at its minimum share', () => {
    const picks = run(11);
    const share = (i: number) => picks.filter((p) => p === i).length / picks.length;
    expect(share(0)).toBeGreaterThan(0.8);
    expect(share(1)).toBeGreaterThanOrEqual(OPTIMIZE_MIN_SHARE * 0.9);
    expect(share(2)).toBeGreaterThanOrEqual(OPTIMIZE_MIN_SHARE * 0.9);
  });

  it('weighs what a conversion is worth: a rarer but larger sale can be the better earner', () => {
    const worth = new Map<string, LinkEarnings>([
      ['cheap', { clicks: 2000, conversions: 200, revenueMinor: 200 * 100 }], // 10 % × 1.00 = 0.10 per click
      ['dear', { clicks: 2000, conversions: 40, revenueMinor: 40 * 5000 }], // 2 % × 50.00 = 1.00 per click
    ]);
    const chance = chanceFrom(seeded(3));
    const picks = Array.from({ length: 5000 }, () => optimizeChoice(['cheap', 'dear'], worth, chance));
    expect(picks.filter((p) => p === 1).length / picks.length).toBeGreaterThan(0.8);
  });
});

/**
 * The mode on the real click path: 10,000 rotator visits through a ledger seeded for the test
 * (its random source injected), 20 at a time so they share group-commit batches, each counted
 * visit converting with its link's true rate (a seeded draw) through the real conversion code.
 */
describe.each(engines)('rotation mode optimize on the click path (issue 30) (%s)', (engine) => {
  const t = useTestApp(engine);

  it('10,000 visits: at least 70 % to the clearly best link, every cap exact', async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    const spec = [
      { name: 'Best', rate: 0.1, cap: 9500 },
      { name: 'Weak', rate: 0.01, cap: 2500 },
      { name: 'Weaker', rate: 0.01, cap: 2500 },
      { name: 'Small', rate: 0.02, cap: 300 },
    ];
    const links = [];
    for (const s of spec) links.push(await addLink(t.app, m, { link: `https://${s.name.toLowerCase()}.example.com/`, max_clicks: s.cap }));
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/links/rotator',
      headers: bearer(m.token),
      payload: { user_id: m.userId, mode: 'optimize' },
    });
    expect(set.json().settings.mode).toBe('optimize');

    const ledger = new ClickLedger(t.db, { isRefusal: (err) => err instanceof HttpError, random: seeded(2026) });
    const converts = seeded(99);
    const limits = new ConversionLimits({ postbacksPerMin: 0, unattributedPerHour: 0 }, undefined, 'test:');
    const rateOf = new Map(links.map((l, i) => [l.id, spec[i].rate]));
    const sent = new Map<string, number>();
    let sales = 0;
    const VISITS = 10_000;
    for (let i = 0; i < VISITS; i += 20) {
      const dests = await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          ledger.rotatorVisit({
            userId: m.userId,
            visit: { bot: false, device: 'desktop', referrerHost: null, visitor: `v-${i + j}` },
            cookieLastLink: null,
            now: new Date(),
            pageUrl: 'https://site.example/profile',
          }),
        ),
      );
      for (const d of dests) {
        if (!d?.linkId || !d.clickId) continue;
        sent.set(d.linkId, (sent.get(d.linkId) ?? 0) + 1);
        if (converts() >= (rateOf.get(d.linkId) as number)) continue;
        sales++;
        await recordConversion({
          db: t.db,
          ledger,
          limits,
          profileId: m.userId,
          via: 'postback',
          input: { clickId: d.clickId, clickAt: clickTimeOf(d.clickId), txid: `S-${sales}`, status: 'approved', amount: '20' },
          currency: 'USD',
          minor: 2000,
          attributionDays: 30,
          now: new Date(),
        });
      }
    }
    await ledger.drain();
    const best = sent.get(links[0].id) ?? 0;
    expect([...sent.values()].reduce((a, b) => a + b, 0)).toBe(VISITS);
    expect(best / VISITS).toBeGreaterThanOrEqual(0.7);
    // Every other link kept learning (its minimum share while it was open).
    for (const l of links.slice(1)) expect(sent.get(l.id)).toBeGreaterThanOrEqual(250);

    const rows = await t.db.selectFrom('links').select(['id', 'clicks', 'max_clicks']).where('user_id', '=', m.userId).execute();
    const clicks = new Map(rows.map((r) => [r.id, Number(r.clicks)]));
    for (const [i, l] of links.entries()) {
      expect(clicks.get(l.id)).toBeLessThanOrEqual(spec[i].cap);
      expect(clicks.get(l.id)).toBe(sent.get(l.id) ?? 0);
    }
    // The small link reached its cap exactly, not one click more.
    expect(clicks.get(links[3].id)).toBe(300);
    const counted = await t.db
      .selectFrom('click_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', m.userId)
      .where('verdict', '=', 'counted')
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(VISITS);
    // Every sale was attributed to its link (the optimizer learnt from them).
    const attributed = await t.db
      .selectFrom('conversions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', m.userId)
      .where('attributed', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(attributed.n)).toBe(sales);
    expect(sales).toBeGreaterThan(0);
  }, 300_000);
});
