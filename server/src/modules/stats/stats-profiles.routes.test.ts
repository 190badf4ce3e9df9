import type { AddressInfo } from 'node:net';
import { activate, adminToken, bearer, browser, engines, secondApp, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { addOfferLink, clickAll, countBy, eventsIn, type ClickSpec } from './stats.test-helper';

/**
 * GET /api/stats/profiles (issue 15, the dashboard's live counts): every profile of a member in
 * ONE call, over real HTTP on both engines — totals equal to the clicks made (whole UTC days and
 * the edge slots of the range, from the roll-ups only), who may read which set, the conditional
 * 304, and bad input.
 */
describe.each(engines)('stats: every profile of a member in one call (%s)', (engine) => {
  const t = useTestApp(engine);
  let base: string;
  let owner: Member;
  let other: Member;
  let subs: string[];
  // Two whole UTC days (read from the daily roll-ups) and six hours of edge slots (the 15-minute ones).
  const FROM = '2026-03-01T00:00:00.000Z';
  const TO = '2026-03-03T06:00:00.000Z';
  const range = `from=${FROM}&to=${TO}`;

  const get = (path: string, token?: string, headers: Record<string, string> = {}, at = base) =>
    fetch(`${at}${path}`, { headers: { ...(token ? bearer(token) : {}), ...headers } });
  /** The JSON of an answer, as loosely typed as inject's `.json()`. */
  const json = async (res: Response): Promise<any> => res.json();
  const read = async (path: string, token?: string) => {
    const res = await get(path, token);
    return { status: res.status, body: await json(res) };
  };
  const click = (at: string, visitor: string, extra: Partial<ClickSpec> = {}) => ({ at: new Date(at), visitor, ...extra });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signupMember(t.app);
    other = await signupMember(t.app);
    await activate(t.db, owner.userId);
    await activate(t.db, other.userId);
    subs = [];
    for (const firstName of ['First', 'Second']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(owner.token),
        payload: { firstName, lastName: 'Sub', phone: '12345' },
      });
      expect(created.statusCode).toBe(201);
      subs.push(created.json().user_id);
    }
    // A unique window makes the same visitor's second click a repeat; bots are filtered (the default).
    const windowed = await t.app.inject({
      method: 'PUT',
      url: '/api/links/rotator',
      headers: bearer(owner.token),
      payload: { user_id: owner.userId, unique_window_hours: 6 },
    });
    expect(windowed.statusCode).toBe(200);
    const [ownLink, subLink, otherLink] = [
      await addOfferLink(t.app, owner.token, owner.userId),
      await addOfferLink(t.app, owner.token, subs[0]),
      await addOfferLink(t.app, other.token, other.userId),
    ];
    await clickAll(
      t.app,
      owner.userId,
      [
        click('2026-02-28T23:59:00Z', 'before'), // before the range
        click('2026-03-01T10:00:00Z', 'ann'), // a whole day: counted
        click('2026-03-01T10:05:00Z', 'ann'), // the same visitor again: repeat
        click('2026-03-02T12:00:00Z', 'crawler', { bot: true }), // bot
        click('2026-03-03T05:59:00Z', 'bea'), // the last edge slot: counted
        click('2026-03-03T06:00:00Z', 'after'), // `to` is not in the range
      ].map((c) => ({ ...c, target: ownLink })),
      1,
    );
    await clickAll(t.app, subs[0], [{ ...click('2026-03-03T01:00:00Z', 'cid'), target: subLink }], 1);
    await clickAll(t.app, other.userId, [{ ...click('2026-03-02T08:00:00Z', 'dan'), target: otherLink }], 1);
  }, 60_000);

  /** A profile's verdicts among its raw events in the range: what the answer must say. */
  const fromEvents = async (userId: string) => {
    const c = countBy(await eventsIn(t.db, userId, FROM, TO), (e) => e.verdict);
    return { user_id: userId, counted: c.counted ?? 0, repeat: c.repeat ?? 0, bot: c.bot ?? 0 };
  };

  it("the member's own profile and every sub-profile, with the clicks made in the range", async () => {
    const { status, body } = await read(`/api/stats/profiles?${range}`, owner.token);
    expect(status).toBe(200);
    expect(body).toEqual({
      from: FROM,
      to: TO,
      profiles: [
        { user_id: owner.userId, counted: 2, repeat: 1, bot: 1 },
        { user_id: subs[0], counted: 1, repeat: 0, bot: 0 },
        { user_id: subs[1], counted: 0, repeat: 0, bot: 0 },
      ],
      // Issue 30: no sales yet, in each profile's (default) currency.
      revenue: [owner.userId, subs[0], subs[1]].map((id) => ({ user_id: id, conversions: 0, revenue: '0.00', currency: 'USD' })),
    });
    expect(body.profiles).toEqual([await fromEvents(owner.userId), await fromEvents(subs[0]), await fromEvents(subs[1])]);
  });

  it('reads the roll-ups, never the raw events: the totals stay when the events are purged', async () => {
    const before = await read(`/api/stats/profiles?${range}`, owner.token);
    await t.db
      .deleteFrom('click_events')
      .where('user_id', 'in', [owner.userId, ...subs])
      .execute();
    expect(await read(`/api/stats/profiles?${range}`, owner.token)).toEqual(before);
  });

  it("the admin reads a member's set with user_id; a member may name its own profile or a sub-profile", async () => {
    const own = await read(`/api/stats/profiles?${range}`, owner.token);
    expect(await read(`/api/stats/profiles?${range}&user_id=${owner.userId}`, await adminToken(t))).toEqual(own);
    expect(await read(`/api/stats/profiles?${range}&user_id=${owner.userId}`, owner.token)).toEqual(own);
    const sub = await read(`/api/stats/profiles?${range}&user_id=${subs[0]}`, owner.token);
    expect(sub.body.profiles).toEqual([{ user_id: subs[0], counted: 1, repeat: 0, bot: 0 }]);
  });

  it("another member's set is 403 with the stats calls' text; its own set has none of them", async () => {
    for (const id of [owner.userId, subs[1]]) {
      const res = await read(`/api/stats/profiles?${range}&user_id=${id}`, other.token);
      expect(res).toEqual({
        status: 403,
        body: { error: 'You can only manage your own profile and sub-profiles.', message: expect.any(String), code: 'forbidden' },
      });
    }
    const mine = await read(`/api/stats/profiles?${range}`, other.token);
    expect(mine.body.profiles).toEqual([{ user_id: other.userId, counted: 1, repeat: 0, bot: 0 }]);
  });

  it('no token is 401, an unknown profile 404, and the admin without user_id 400 naming it', async () => {
    expect(await read(`/api/stats/profiles?${range}`)).toMatchObject({ status: 401, body: { code: 'token-missing' } });
    expect(await read(`/api/stats/profiles?${range}&user_id=nobody-here`, owner.token)).toMatchObject({
      status: 404,
      body: { code: 'not-found', error: 'User not found.' },
    });
    expect(await read(`/api/stats/profiles?${range}`, await adminToken(t))).toMatchObject({
      status: 400,
      body: { code: 'invalid', error: "user_id is required with the admin's token." },
    });
  });

  it.each([
    ['from=yesterday&to=2026-02-01T00:00:00Z', 'from must be an ISO 8601 date-time with a zone, e.g. 2026-10-25T00:00:00Z.'],
    ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'to must be after from.'],
    ['from=1970-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from must be between the years 2000 and 2100.'],
    ['from=2010-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'A range covers at most 3660 days.'],
  ])('a bad range (%s) is 400 with its message', async (q, message) => {
    expect(await read(`/api/stats/profiles?${q}`, owner.token)).toEqual({
      status: 400,
      body: { error: message, message, code: 'invalid' },
    });
  });

  it('a missing range end is 400 naming it', async () => {
    const missing = await read(`/api/stats/profiles?from=${FROM}`, owner.token);
    expect(missing).toEqual({ status: 400, body: { error: 'to is required.', message: 'to is required.', code: 'invalid' } });
  });

  it('live: unchanged is a 304 on any node; a click on a sub-profile changes it, and the new count is there', async () => {
    const now = Date.now();
    const live = `/api/stats/profiles?from=${new Date(now - 86_400_000).toISOString()}&to=${new Date(now + 3_600_000).toISOString()}`;
    const first = await get(live, owner.token);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const before = (await json(first)).profiles.find((p: { user_id: string }) => p.user_id === subs[1]);
    expect(before).toEqual({ user_id: subs[1], counted: 0, repeat: 0, bot: 0 });

    const node2 = await secondApp(t);
    try {
      await node2.app.listen({ port: 0, host: '127.0.0.1' });
      const base2 = `http://127.0.0.1:${(node2.app.server.address() as AddressInfo).port}`;
      const same = await get(live, owner.token, { 'if-none-match': etag }, base2);
      expect(same.status).toBe(304);
      expect(await same.text()).toBe('');

      // A visitor clicks on the second sub-profile's page, through the other node.
      const linkId = await addOfferLink(t.app, owner.token, subs[1]);
      const clicked = await fetch(`${base2}/api/public/increment-clicks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...browser() },
        body: JSON.stringify({ link_id: linkId }),
      });
      expect(clicked.status).toBe(200);
    } finally {
      await node2.close();
    }
    const after = await get(live, owner.token, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await json(after)).profiles.find((p: { user_id: string }) => p.user_id === subs[1])).toEqual({
      user_id: subs[1],
      counted: 1,
      repeat: 0,
      bot: 0,
    });
  });

  it('is in the OpenAPI document, with its query and answer', async () => {
    const doc = await json(await get('/docs/json'));
    const op = doc.paths['/api/stats/profiles'].get;
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:from',
      'query:revenue_from', // issue 30: the dashboard's revenue today
      'query:to',
      'query:user_id',
    ]);
    expect(Object.keys(op.responses['200'].content['application/json'].schema.properties)).toEqual(['from', 'to', 'profiles', 'revenue']);
    expect(op.responses['304']).toBeDefined();
  });
});
