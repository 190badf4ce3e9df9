import { addOfferLink } from './stats.test-helper';
import { activate, adminToken, bearer, browser, engines, secondApp, signupMember, useTestApp, type Member } from '../../../test/helpers';

/**
 * Who may read a profile's stats, what bad input gets, and the conditional reads of live counts
 * (issue 15), on both engines.
 */
describe.each(engines)('stats: access, bad input and live counts (%s)', (engine) => {
  const t = useTestApp(engine);
  let owner: Member;
  let other: Member;
  let sub: string;
  let linkId: string;
  const range = 'from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z';
  const today = () => {
    const now = Date.now();
    return `from=${new Date(now - 86_400_000).toISOString()}&to=${new Date(now + 3_600_000).toISOString()}`;
  };
  const get = (url: string, headers: Record<string, string> = {}, app = t.app) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    owner = await signupMember(t.app);
    other = await signupMember(t.app);
    await activate(t.db, owner.userId);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(owner.token),
      payload: { firstName: 'Sub', lastName: 'Profile', phone: '12345' },
    });
    expect(created.statusCode).toBe(201);
    sub = created.json().user_id;
    linkId = await addOfferLink(t.app, owner.token, owner.userId);
  }, 30_000);

  it.each(['summary', 'series', 'clicks.csv'])(
    'another member’s %s is 403 (forbidden); the owner, its sub-profile and the admin get 200',
    async (what) => {
      const q = `user_id=${owner.userId}&${range}${what === 'series' ? '&interval=day' : ''}`;
      const denied = await get(`/api/stats/${what}?${q}`, bearer(other.token));
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ code: 'forbidden', error: 'You can only manage your own profile and sub-profiles.' });
      expect((await get(`/api/stats/${what}?${q}`, bearer(owner.token))).statusCode).toBe(200);
      expect((await get(`/api/stats/${what}?${q}`, bearer(await adminToken(t)))).statusCode).toBe(200);
      expect((await get(`/api/stats/${what}?${q.replace(owner.userId, sub)}`, bearer(owner.token))).statusCode).toBe(200);
    },
  );

  it('an unknown profile is 404; the admin’s user totals are the admin’s only', async () => {
    const res = await get(`/api/stats/summary?user_id=nobody-here&${range}`, bearer(owner.token));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not-found');
    expect((await get(`/api/admin/userstats/${owner.userId}`, bearer(owner.token))).statusCode).toBe(403);
    expect((await get(`/api/admin/userstats/nobody-here`, bearer(await adminToken(t)))).statusCode).toBe(404);
  });

  it.each([
    ['from=yesterday&to=2026-02-01T00:00:00Z', 'from must be an ISO 8601 date-time with a zone, e.g. 2026-10-25T00:00:00Z.'],
    ['from=2026-01-01T00:00:00&to=2026-02-01T00:00:00Z', 'from must be an ISO 8601 date-time with a zone, e.g. 2026-10-25T00:00:00Z.'],
    ['from=2026-02-30T00:00:00Z&to=2026-03-01T00:00:00Z', 'from must be an ISO 8601 date-time with a zone, e.g. 2026-10-25T00:00:00Z.'],
    ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to must be after from.'],
    ['from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to must be after from.'],
    ['from=1970-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from must be between the years 2000 and 2100.'],
    ['from=2010-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'A range covers at most 3660 days.'],
  ])('a bad range (%s) is 400 with a message', async (q, message) => {
    for (const what of ['summary', 'series', 'clicks.csv']) {
      const res = await get(
        `/api/stats/${what}?user_id=${owner.userId}&${q}${what === 'series' ? '&interval=day' : ''}`,
        bearer(owner.token),
      );
      expect({ what, status: res.statusCode, body: res.json() }).toEqual({
        what,
        status: 400,
        body: { error: message, message, code: 'invalid' },
      });
    }
  });

  it('a bad zone, interval or link, or an hourly series over 400 days, is 400 with a message', async () => {
    const series = (q: string) => get(`/api/stats/series?user_id=${owner.userId}&${q}`, bearer(owner.token));
    const zone = await series(`${range}&interval=day&tz=Mars/Olympus_Mons`);
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({
      code: 'invalid',
      error: "tz must be an IANA time zone such as Europe/Berlin, got 'Mars/Olympus_Mons'.",
    });
    const interval = await series(`${range}&interval=week`);
    expect(interval.statusCode).toBe(400);
    expect(interval.json()).toMatchObject({ code: 'invalid', error: expect.stringContaining('interval') });
    const long = await series('from=2025-01-01T00:00:00Z&to=2026-02-06T00:00:00Z&interval=hour');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'invalid',
      error: 'An hourly series covers at most 400 days: choose interval=day or a shorter range.',
    });
    expect((await series('from=2025-01-01T00:00:00Z&to=2026-02-06T00:00:00Z&interval=day')).statusCode).toBe(200);
    const otherLink = await t.app.inject({
      method: 'POST',
      url: '/api/links/linkadd',
      headers: bearer(owner.token),
      payload: { link: 'https://x.example.com/', max_clicks: 3, user_id: sub },
    });
    const foreign = await series(`${range}&interval=day&link_id=${otherLink.json().link.id}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'invalid', error: 'link_id is not a link of this profile.' });
  });

  it('live counts: an unchanged summary, series or link list is a 304; a click anywhere changes the ETag on every node', async () => {
    const urls = [
      `/api/stats/summary?user_id=${owner.userId}&${today()}`,
      `/api/stats/series?user_id=${owner.userId}&${today()}&interval=hour&tz=Europe/Berlin`,
      `/api/links/userliks?user_id=${owner.userId}`,
    ];
    const node2 = await secondApp(t);
    try {
      for (const url of urls) {
        const first = await get(url, bearer(owner.token));
        expect(first.statusCode).toBe(200);
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
        expect(first.headers['cache-control']).toBe('private, no-cache');
        // The same data on another API node: the same ETag, so its answer is a 304 too.
        const again = await get(url, { ...bearer(owner.token), 'if-none-match': etag }, node2.app);
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        // A click lands on the other node.
        const click = await node2.app.inject({
          method: 'POST',
          url: '/api/public/increment-clicks',
          headers: browser(),
          payload: { link_id: linkId },
          remoteAddress: `198.51.100.${urls.indexOf(url) + 10}`,
        });
        expect(click.statusCode).toBe(200);
        const changed = await get(url, { ...bearer(owner.token), 'if-none-match': etag });
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
      }
    } finally {
      await node2.close();
    }
    const summary = (await get(urls[0], bearer(owner.token))).json();
    expect(summary.totals).toMatchObject({ counted: 3, all: 3, unique_visitors: 3 });
  });

  it('CORS lets the pages send If-None-Match and read the ETag and the CSV’s file name', async () => {
    const origin = t.config.publicSiteUrl;
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/stats/summary',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,if-none-match' },
    });
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('if-none-match');
    const res = await get(`/api/stats/summary?user_id=${owner.userId}&${range}`, { ...bearer(owner.token), origin });
    expect(String(res.headers['access-control-expose-headers'])).toBe('ETag, Content-Disposition');
  });
});
