import { bearer, engines, useTestApp } from '../../../test/helpers';
import { ConversionLimits } from '../conversions/conversion-limits';
import { clickWithId, conversionRows, seller } from '../conversions/conversions.test-helper';
import { recordConversion } from '../conversions/record-conversion';
import { bucketKey, localKey, seeded } from './stats.test-helper';

/**
 * Issue 30: the summary's and the series' revenue equal the conversion events, bucket by bucket,
 * across the autumn DST change of New York (2026-11-01: a 25-hour day, 01:00 lived twice).
 */
describe.each(engines)('conversions in the summary and the series (%s)', (engine) => {
  const t = useTestApp(engine);
  const zone = 'America/New_York';
  const FROM = '2026-10-30T04:00:00.000Z';
  const TO = '2026-11-03T05:00:00.000Z';

  it('revenue and conversions per day and per hour equal the events, and their sums equal the summary', async () => {
    const s = await seller(t.app, t.db);
    const rnd = seeded(30);
    const limits = new ConversionLimits({ postbacksPerMin: 0, unattributedPerHour: 0 }, undefined, 'test:');
    // 40 sales between Oct 30 and Nov 3 (some in the twice-lived hour), each 10-90 minutes after its click.
    const start = Date.parse(FROM);
    const span = Date.parse(TO) - start - 2 * 3_600_000;
    const times = Array.from({ length: 40 }, (_, i) =>
      i < 4 ? Date.parse('2026-11-01T05:30:00Z') + i * 60_000 * 20 : start + Math.floor(rnd() * span),
    );
    for (const [i, at] of times.entries()) {
      const clickAt = new Date(at - (10 + Math.floor(rnd() * 80)) * 60_000);
      const clickId = await clickWithId(t.app, t.db, s, clickAt, `v-${i}`);
      const amount = `${1 + Math.floor(rnd() * 50)}.${String(Math.floor(rnd() * 100)).padStart(2, '0')}`;
      await recordConversion({
        db: t.db,
        ledger: t.app.ledger,
        limits,
        profileId: s.member.userId,
        via: 'postback',
        input: { clickId, clickAt: clickAt.toISOString(), txid: `D-${i}`, status: 'approved', amount },
        currency: 'USD',
        minor: Math.round(Number(amount) * 100),
        attributionDays: 30,
        now: new Date(at),
      });
    }
    // One refund: the sale leaves every figure.
    await recordConversion({
      db: t.db,
      ledger: t.app.ledger,
      limits,
      profileId: s.member.userId,
      via: 'postback',
      input: { clickId: null, clickAt: undefined, txid: 'D-5', status: 'refunded', amount: undefined },
      currency: 'USD',
      minor: 0,
      attributionDays: 30,
      now: new Date(Date.parse(TO) - 3_600_000),
    });
    const events = (await conversionRows(t.db, s.member.userId)).filter((r) => r.refunded_at === null);
    expect(events).toHaveLength(39);

    const headers = bearer(s.member.token);
    const q = `user_id=${s.member.userId}&from=${FROM}&to=${TO}`;
    const summary = (await t.app.inject({ method: 'GET', url: `/api/stats/summary?${q}`, headers })).json();
    const cents = events.reduce((a, e) => a + Number(e.amount_minor), 0);
    expect(summary.conversions.totals).toMatchObject({ conversions: 39, refunded: 1, revenue: (cents / 100).toFixed(2) });

    for (const interval of ['day', 'hour'] as const) {
      const series = (await t.app.inject({ method: 'GET', url: `/api/stats/series?${q}&interval=${interval}&tz=${zone}`, headers })).json();
      const expected: Record<string, { n: number; cents: number }> = {};
      for (const e of events) {
        const k = localKey(e.created_at, zone, interval);
        expected[k] = { n: (expected[k]?.n ?? 0) + 1, cents: (expected[k]?.cents ?? 0) + Number(e.amount_minor) };
      }
      const got: Record<string, { n: number; cents: number }> = {};
      for (const b of series.buckets as { local: string; conversions: number; revenue: string }[]) {
        if (b.conversions > 0) got[bucketKey(b.local, interval)] = { n: b.conversions, cents: Math.round(Number(b.revenue) * 100) };
      }
      expect(got).toEqual(expected);
      const total = (series.buckets as { revenue: string }[]).reduce((a, b) => a + Math.round(Number(b.revenue) * 100), 0);
      expect(total).toBe(cents);
    }
    // The day of the change is one 25-hour bucket holding the sales of both 01:00 hours.
    const days = (await t.app.inject({ method: 'GET', url: `/api/stats/series?${q}&interval=day&tz=${zone}`, headers })).json();
    const change = days.buckets.find((b: { local: string }) => b.local.startsWith('2026-11-01'));
    expect(change.conversions).toBeGreaterThanOrEqual(4);
  });

  it("issue 30: /profiles' revenue covers [revenue_from, to) when given (the dashboard's today), else the clicks' range", async () => {
    const s = await seller(t.app, t.db);
    const limits = new ConversionLimits({ postbacksPerMin: 0, unattributedPerHour: 0 }, undefined, 'test:');
    const now = Date.now();
    for (const [txid, agoH, amount] of [
      ['Y-1', 30, 7],
      ['Y-2', 1, 5],
    ] as const) {
      const at = new Date(now - agoH * 3_600_000);
      const clickId = await clickWithId(t.app, t.db, s, new Date(at.getTime() - 60_000));
      await recordConversion({
        db: t.db,
        ledger: t.app.ledger,
        limits,
        profileId: s.member.userId,
        via: 'postback',
        input: { clickId, clickAt: new Date(at.getTime() - 60_000).toISOString(), txid, status: 'approved', amount: String(amount) },
        currency: 'USD',
        minor: amount * 100,
        attributionDays: 30,
        now: at,
      });
    }
    const ask = (q: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/stats/profiles?${new URLSearchParams(q)}`, headers: bearer(s.member.token) });
    const from = new Date(now - 48 * 3_600_000).toISOString();
    const to = new Date(now + 3_600_000).toISOString();
    const all = await ask({ from, to });
    expect(all.json().revenue[0]).toEqual({ user_id: s.member.userId, conversions: 2, revenue: '12.00', currency: 'USD' });
    const today = await ask({ from, to, revenue_from: new Date(now - 2 * 3_600_000).toISOString() });
    expect(today.json().revenue[0]).toEqual({ user_id: s.member.userId, conversions: 1, revenue: '5.00', currency: 'USD' });
    // Its own ETag: the same clicks range with another revenue range is another answer.
    expect(today.headers.etag).not.toBe(all.headers.etag);
    expect(today.json().profiles[0].counted).toBe(all.json().profiles[0].counted);
    for (const bad of ['yesterday', to]) expect((await ask({ from, to, revenue_from: bad })).statusCode).toBe(400);
  });
});
