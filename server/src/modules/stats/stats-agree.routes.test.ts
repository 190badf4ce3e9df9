import { activate, adminToken, bearer, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { bucketKey, clickAll, countBy, eventsIn, localKey, mixedClicks, type EventRow } from './stats.test-helper';

const HOUR = 3_600_000;

/**
 * Issue 15 "Done when": the summary and the series agree with the raw events to the click, also
 * across a DST change in the member's zone (America/New_York ends DST on 2026-11-01, Europe/Berlin
 * on 2026-10-25), with clicks made through the real click path at chosen times.
 */
describe.each(engines)('stats agree with the events (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  const links: Array<{ id: string; name: string; link: string }> = [];
  // Whole UTC days around both DST changes, with a quiet gap (2026-10-27 to 2026-10-30: no clicks at all).
  const FROM = '2026-10-24T00:00:00.000Z';
  const TO = '2026-11-03T00:00:00.000Z';

  const get = (url: string, token = m.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
    for (const name of ['Solo ad', 'Newsletter']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(m.token),
        payload: { link: `https://${name.replace(' ', '').toLowerCase()}.example.com/`, max_clicks: null, name, user_id: m.userId },
      });
      links.push(res.json().link);
    }
    // A unique window makes repeats; bots are filtered (the default); round robin spreads the
    // rotator's visits over both links (page clicks go to the queue's head, the only one open).
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/links/rotator',
      headers: bearer(m.token),
      payload: { user_id: m.userId, unique_window_hours: 6, mode: 'round_robin' },
    });
    expect(settings.statusCode).toBe(200);
    const targets = [links[0].id, 'rotator', 'rotator'];
    await clickAll(t.app, m.userId, [
      ...mixedClicks({ from: new Date('2026-10-24T18:00:00Z'), spanMs: 60 * HOUR, count: 160, targets, seed: 1 }),
      ...mixedClicks({ from: new Date('2026-10-31T00:00:00Z'), spanMs: 72 * HOUR, count: 240, targets, seed: 2 }),
    ]);
  }, 60_000);

  const events = (): Promise<EventRow[]> => eventsIn(t.db, m.userId, FROM, TO);

  it('the summary: totals, links, sources, devices, referrers and unique visitors are the events’ own counts', async () => {
    const res = await get(`/api/stats/summary?user_id=${m.userId}&from=${FROM}&to=${TO}`);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    const ev = await events();
    expect(ev.length).toBe(400); // every click made was stored: none refused
    expect(new Set(ev.map((e) => e.link_id))).toEqual(new Set([links[0].id, links[1].id]));
    const verdicts = countBy(ev, (e) => e.verdict);
    expect(verdicts.repeat).toBeGreaterThan(0);
    expect(verdicts.bot).toBeGreaterThan(0);
    expect(s.from).toBe(FROM);
    expect(s.to).toBe(TO);
    // A visitor hash is per UTC day: distinct (day, visitor) among the clicks that were not bots.
    const visitors = new Set(ev.filter((e) => e.verdict !== 'bot').map((e) => `${e.created_at.slice(0, 10)} ${e.visitor}`)).size;
    const noLink = ev.filter((e) => e.verdict === 'counted' && e.link_id === null).length;
    expect(s.totals).toEqual({
      counted: (verdicts.counted ?? 0) - noLink,
      repeat: verdicts.repeat ?? 0,
      bot: verdicts.bot ?? 0,
      all: ev.length,
      no_link: noLink,
      unique_visitors: visitors,
    });

    const perLink = (id: string | null) => ev.filter((e) => e.link_id === id);
    const expectedLinks = [...new Set(ev.map((e) => e.link_id))].map((id) => {
      const rows = perLink(id);
      const known = links.find((l) => l.id === id);
      const c = countBy(rows, (e) => e.verdict);
      return {
        link_id: id,
        name: known?.name ?? null,
        link: known?.link ?? null,
        counted: c.counted ?? 0,
        repeat: c.repeat ?? 0,
        bot: c.bot ?? 0,
        all: rows.length,
      };
    });
    expect([...s.links].sort((a, b) => String(a.link_id).localeCompare(String(b.link_id)))).toEqual(
      expectedLinks.sort((a, b) => String(a.link_id).localeCompare(String(b.link_id))),
    );
    expect(s.links.map((l: { all: number }) => l.all)).toEqual([...s.links.map((l: { all: number }) => l.all)].sort((a, b) => b - a));

    const counted = (rows: EventRow[]) => rows.filter((e) => e.verdict === 'counted').length;
    expect(s.sources).toEqual(
      ['page', 'rotator'].map((source) => {
        const rows = ev.filter((e) => e.source === source);
        return { source, all: rows.length, counted: counted(rows) };
      }),
    );
    expect(s.devices).toEqual(
      ['mobile', 'tablet', 'desktop', 'bot'].map((device) => {
        const rows = ev.filter((e) => e.device === device);
        return { device, all: rows.length, counted: counted(rows) };
      }),
    );
    const hosts = countBy(ev, (e) => e.referrer_host ?? '');
    const expectedTop = Object.entries(hosts)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, 10)
      .map(([host, all]) => ({
        host: host === '' ? null : host,
        all,
        counted: counted(ev.filter((e) => (e.referrer_host ?? '') === host)),
      }));
    expect(s.top_referrers).toEqual(expectedTop);
  });

  it('a summary of part of the range counts only the clicks in it (whole 15-minute slots)', async () => {
    const from = '2026-11-01T05:15:00.000Z';
    const to = '2026-11-01T07:45:00.000Z';
    const s = (await get(`/api/stats/summary?user_id=${m.userId}&from=${from}&to=${to}`)).json();
    const ev = await eventsIn(t.db, m.userId, from, to);
    expect(ev.length).toBeGreaterThan(0);
    expect(s.totals.all).toBe(ev.length);
    expect(s.totals.counted).toBe(ev.filter((e) => e.verdict === 'counted').length);
    // An instant inside a slot widens the range to the slot: the answer says so.
    const widened = (await get(`/api/stats/summary?user_id=${m.userId}&from=2026-11-01T05:20:00Z&to=2026-11-01T07:31:00%2B00:00`)).json();
    expect([widened.from, widened.to]).toEqual([from, to]);
    expect(widened.totals).toEqual(s.totals);
  });

  it('a summary of whole UTC days plus partial days at both ends adds the daily roll-ups and the edge slots exactly', async () => {
    const from = '2026-10-24T19:15:00.000Z';
    const to = '2026-11-02T03:30:00.000Z';
    const s = (await get(`/api/stats/summary?user_id=${m.userId}&from=${from}&to=${to}`)).json();
    const ev = await eventsIn(t.db, m.userId, from, to);
    expect(ev.length).toBeGreaterThan(0);
    expect(ev.length).toBeLessThan(400); // both edges cut clicks off
    const verdicts = countBy(ev, (e) => e.verdict);
    // A visitor counts at its first non-bot click of the UTC day (decision 0065): was that click in the range?
    const firsts = new Map<string, string>();
    for (const e of await events()) {
      const key = `${e.created_at.slice(0, 10)} ${e.visitor}`;
      if (e.verdict !== 'bot' && !firsts.has(key)) firsts.set(key, e.created_at);
    }
    const visitors = [...firsts.values()].filter((at) => at >= from && at < to).length;
    const noLink = ev.filter((e) => e.verdict === 'counted' && e.link_id === null).length;
    expect(s.totals).toEqual({
      counted: (verdicts.counted ?? 0) - noLink,
      repeat: verdicts.repeat ?? 0,
      bot: verdicts.bot ?? 0,
      all: ev.length,
      no_link: noLink,
      unique_visitors: visitors,
    });
    const perLink = countBy(ev, (e) => String(e.link_id));
    expect(Object.fromEntries(s.links.map((l: { link_id: string; all: number }) => [String(l.link_id), l.all]))).toEqual(perLink);
    expect(s.devices.map((d: { all: number }) => d.all)).toEqual(
      ['mobile', 'tablet', 'desktop', 'bot'].map((d) => ev.filter((e) => e.device === d).length),
    );
    const hosts = Object.entries(countBy(ev, (e) => e.referrer_host ?? ''))
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, 10);
    expect(s.top_referrers.map((r: { host: string | null; all: number }) => [r.host ?? '', r.all])).toEqual(hosts);
  });

  it.each([
    ['America/New_York', 'day'],
    ['America/New_York', 'hour'],
    ['Europe/Berlin', 'day'],
    ['Europe/Berlin', 'hour'],
    ['Asia/Kolkata', 'day'],
    ['UTC', 'hour'],
  ] as const)('the %s %s series: every bucket, zeros included, holds exactly its events', async (tz, interval) => {
    const res = await get(`/api/stats/series?user_id=${m.userId}&from=${FROM}&to=${TO}&interval=${interval}&tz=${encodeURIComponent(tz)}`);
    expect(res.statusCode).toBe(200);
    const series = res.json();
    const ev = await eventsIn(t.db, m.userId, series.from, series.to);
    const expected: Record<string, { counted: number; repeat: number; bot: number }> = {};
    for (const e of ev) {
      const key = localKey(e.created_at, tz, interval);
      expected[key] ??= { counted: 0, repeat: 0, bot: 0 };
      expected[key][e.verdict] += 1;
    }
    const got: Record<string, { counted: number; repeat: number; bot: number }> = {};
    for (const b of series.buckets) {
      const key = bucketKey(b.local, interval);
      expect(got[key]).toBeUndefined(); // each local hour (the autumn's repeated one too) or day once
      got[key] = { counted: b.counted, repeat: b.repeat, bot: b.bot };
    }
    for (const [key, counts] of Object.entries(expected)) expect({ key, ...got[key] }).toEqual({ key, ...counts });
    // Contiguous buckets from `from` to `to`: the empty ones are there as zeros.
    const starts = series.buckets.map((b: { start: string }) => Date.parse(b.start));
    expect(starts[0]).toBe(Date.parse(series.from));
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThan(starts[i - 1]);
    const empty = series.buckets.filter((b: { counted: number; repeat: number; bot: number }) => b.counted + b.repeat + b.bot === 0);
    expect(empty.length).toBeGreaterThan(0);
    const sum = series.buckets.reduce(
      (n: number, b: { counted: number; repeat: number; bot: number }) => n + b.counted + b.repeat + b.bot,
      0,
    );
    expect(sum).toBe(ev.length);
  });

  it('New York’s 1 November 2026 is a 25-hour day, with 1 a.m. twice; Berlin’s 25 October too', async () => {
    const ny = (
      await get(`/api/stats/series?user_id=${m.userId}&from=2026-10-31T04:00:00Z&to=2026-11-03T05:00:00Z&interval=day&tz=America/New_York`)
    ).json();
    expect(ny.buckets.map((b: { start: string; local: string }) => [b.start, b.local])).toEqual([
      ['2026-10-31T04:00:00.000Z', '2026-10-31T00:00:00-04:00'],
      ['2026-11-01T04:00:00.000Z', '2026-11-01T00:00:00-04:00'],
      ['2026-11-02T05:00:00.000Z', '2026-11-02T00:00:00-05:00'],
    ]);
    expect(ny.to).toBe('2026-11-03T05:00:00.000Z');
    const hours = (
      await get(`/api/stats/series?user_id=${m.userId}&from=2026-11-01T04:00:00Z&to=2026-11-02T05:00:00Z&interval=hour&tz=America/New_York`)
    ).json();
    expect(hours.buckets).toHaveLength(25);
    expect(
      hours.buckets.filter((b: { local: string }) => b.local.startsWith('2026-11-01T01:')).map((b: { local: string }) => b.local),
    ).toEqual(['2026-11-01T01:00:00-04:00', '2026-11-01T01:00:00-05:00']);
    const berlin = (
      await get(`/api/stats/series?user_id=${m.userId}&from=2026-10-24T22:00:00Z&to=2026-10-25T23:00:00Z&interval=day&tz=Europe/Berlin`)
    ).json();
    expect(berlin.buckets.map((b: { start: string }) => b.start)).toEqual(['2026-10-24T22:00:00.000Z']);
    expect(berlin.to).toBe('2026-10-25T23:00:00.000Z');
  });

  it('one link’s series holds only that link’s clicks', async () => {
    const url = `/api/stats/series?user_id=${m.userId}&from=${FROM}&to=${TO}&interval=day&tz=UTC&link_id=${links[1].id}`;
    const series = (await get(url)).json();
    const ev = (await events()).filter((e) => e.link_id === links[1].id);
    expect(series.link_id).toBe(links[1].id);
    expect(series.buckets.reduce((n: number, b: { counted: number }) => n + b.counted, 0)).toBe(
      ev.filter((e) => e.verdict === 'counted').length,
    );
  });

  it('the admin reads the same summary, and the member’s totals in the user details', async () => {
    const admin = await adminToken(t);
    const mine = (await get(`/api/stats/summary?user_id=${m.userId}&from=${FROM}&to=${TO}`)).json();
    const theirs = await get(`/api/stats/summary?user_id=${m.userId}&from=${FROM}&to=${TO}`, admin);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual(mine);
    const details = await get(`/api/admin/userstats/${m.userId}`, admin);
    expect(details.statusCode).toBe(200);
    const all = await t.db.selectFrom('click_events').select(['verdict', 'created_at']).where('user_id', '=', m.userId).execute();
    const v = countBy(all, (e) => e.verdict);
    expect(details.json().all_time).toEqual({
      counted: v.counted,
      repeat: v.repeat,
      bot: v.bot,
      all: all.length,
      unique_visitors: mine.totals.unique_visitors,
    });
    expect(details.json().profiles).toEqual([expect.objectContaining({ user_id: m.userId, all: all.length })]);
    const since = new Date(Math.floor((Date.now() - 30 * 86_400_000) / 900_000) * 900_000).toISOString();
    expect(details.json().last_30_days.all).toBe(all.filter((e) => e.created_at >= since).length);
  });
});
