import { addLink, activate, bearer, engines, secondApp, signupMember, useTestApp, type Member, browser } from '../../../test/helpers';
import { DUPLICATE_IN_ORDER, notTheQueue } from './reorder-links';

/** POST /api/links/reorder (issue 13); ownership by another member is in test/ownership.test.ts. */
describe.each(engines)('reorder (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;

  const add = async (link: string, max_clicks: number | null, user_id = m.userId) =>
    (await addLink(t.app, m, { link, max_clicks, user_id })).id;
  const reorder = (link_ids: unknown, user_id = m.userId, token = m.token) =>
    t.app.inject({ method: 'POST', url: '/api/links/reorder', headers: bearer(token), payload: { user_id, link_ids } });
  const click = (linkId: string) =>
    t.app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers: browser(), payload: { link_id: linkId } });
  const pendingIds = async (userId = m.userId) =>
    (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${userId}` })).json().pending.map((l: { id: string }) => l.id);

  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  it('sets the queue order; the new head is the one visitors can click', async () => {
    const a = await add('https://a.example.com', 5);
    const b = await add('https://b.example.com', 5);
    const c = await add('https://c.example.com', null);
    const res = await reorder([c, a, b]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Queue order saved', completed: [] });
    expect(res.json().pending.map((l: { id: string }) => l.id)).toEqual([c, a, b]);
    expect(await pendingIds()).toEqual([c, a, b]);
    expect((await click(a)).json().error).toBe('Complete the previous link first!');
    expect((await click(c)).statusCode).toBe(200);
  });

  it('moves a link added behind an unlimited one ahead of it, so it can be reached (issue 13, defect 3)', async () => {
    const unlimited = await add('https://forever.example.com', null);
    const late = await add('https://late.example.com', 1);
    expect((await click(late)).statusCode).toBe(409);
    await reorder([late, unlimited]);
    expect((await click(late)).statusCode).toBe(200);
    expect(await pendingIds()).toEqual([unlimited]);
  });

  it('leaves completed links where they are; reset still sends a link to the end', async () => {
    const done = await add('https://done.example.com', 1);
    const a = await add('https://a.example.com', 5);
    const b = await add('https://b.example.com', 5);
    await click(done);
    const res = await reorder([b, a]);
    expect(res.json().completed.map((l: { id: string }) => l.id)).toEqual([done]);
    await t.app.inject({
      method: 'POST',
      url: '/api/links/resetLink',
      headers: bearer(m.token),
      payload: { link_id: done, user_id: m.userId },
    });
    expect(await pendingIds()).toEqual([b, a, done]);
    // and a new link still joins the end
    const n = await add('https://new.example.com', 5);
    expect(await pendingIds()).toEqual([b, a, done, n]);
  });

  it('an empty order is fine for a profile without pending links', async () => {
    expect((await reorder([])).statusCode).toBe(200);
  });

  it('400 unless the order names every pending link exactly once', async () => {
    const done = await add('https://done.example.com', 1);
    const a = await add('https://a.example.com', 5);
    const b = await add('https://b.example.com', 5);
    await click(done);
    const otherMember = await signupMember(t.app);
    await activate(t.db, otherMember.userId);
    const foreign = (await addLink(t.app, otherMember, { link: 'https://f.example.com', max_clicks: 1 })).id;
    const cases: Array<[unknown, string]> = [
      [[a], notTheQueue(2)], // one missing
      [[a, b, done], notTheQueue(2)], // a completed link
      [[a, b, foreign], notTheQueue(2)], // someone else's link
      [[a, foreign], notTheQueue(2)], // swapped for someone else's
      [[a, 'no-such-link'], notTheQueue(2)],
      [[a, b, a], DUPLICATE_IN_ORDER],
      [[a, a], DUPLICATE_IN_ORDER],
      ['a,b', 'Link ids must be an array.'],
      [[a, 7], 'Each entry of link ids must be a string.'],
    ];
    for (const [ids, error] of cases) {
      const res = await reorder(ids);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error, message: error, code: 'invalid' });
    }
    expect(await pendingIds()).toEqual([a, b]);
  });

  it("reorders a sub-profile's queue for its member; an unknown profile is 404", async () => {
    const sub = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'S', lastName: 'P', phone: '12345' },
      })
    ).json().user_id;
    const x = await add('https://x.example.com', 2, sub);
    const y = await add('https://y.example.com', 2, sub);
    expect((await reorder([y, x], sub)).statusCode).toBe(200);
    expect(await pendingIds(sub)).toEqual([y, x]);
    const unknown = await reorder([], 'no-such-user');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('User not found.');
  });

  it('simultaneous reorders leave one of the orders asked for, positions distinct (two API nodes on PostgreSQL)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await add(`https://q${i}.example.com`, 5));
    const other = engine === 'postgres' ? await secondApp(t) : undefined;
    try {
      const apps = other ? [t.app, other.app] : [t.app];
      const orders = Array.from({ length: 12 }, (_, i) => [...ids.slice(i % 6), ...ids.slice(0, i % 6)]);
      const results = await Promise.all(
        orders.map((order, i) =>
          apps[i % apps.length].inject({
            method: 'POST',
            url: '/api/links/reorder',
            headers: bearer(m.token),
            payload: { user_id: m.userId, link_ids: order },
          }),
        ),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const final = await pendingIds();
      expect(orders.map((o) => o.join())).toContain(final.join());
      const rows = await t.db.selectFrom('links').select('position').where('user_id', '=', m.userId).execute();
      expect(new Set(rows.map((r) => r.position)).size).toBe(6);
    } finally {
      await other?.close();
    }
  });
});
