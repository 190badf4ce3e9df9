import { activate, bearer, engines, signupMember, useTestApp, type Member, browser } from '../../../test/helpers';

describe.each(engines)('public routes (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  const add = async (link: string, max_clicks: number | null) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(m.token),
        payload: { link, max_clicks, user_id: m.userId },
      })
    ).json().link;
  const click = (link_id: string) =>
    t.app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers: browser(), payload: { link_id } });

  beforeEach(async () => {
    m = await signupMember(t.app, { firstName: 'Pat', lastName: 'Lee' });
    await activate(t.db, m.userId);
  });

  it('publicProfile shows the about fields without a token', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/updateProfile',
      headers: bearer(m.token),
      payload: { first_name: 'Pat', last_name: 'Lee', title: 'T', slogan: 'S', about: 'A' },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/publicProfile?user_id=${m.userId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ title: 'T', slogan: 'S', about: 'A', first_name: 'Pat', last_name: 'Lee' });
  });

  it('unknown or missing user_id: 404 / 400', async () => {
    for (const url of ['/api/public/publicProfile?user_id=unknown', '/api/public/userliks?user_id=unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found.', message: 'User not found.', code: 'not-found' });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/public/userliks' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('User id is required.');
  });

  it('only the head of the queue can be clicked; completing it moves the queue on', async () => {
    const a = await add('https://a.example.com', 2);
    const b = await add('https://b.example.com', 1);
    const refused = await click(b.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Complete the previous link first!',
      message: 'Complete the previous link first!',
      code: 'queue-head-required',
    });

    const first = await click(a.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Click counted', counted: true, link: { ...a, clicks: 1 }, destination: a.link });
    expect((await click(a.id)).json().link.clicks).toBe(2);
    const done = await click(a.id);
    expect(done.statusCode).toBe(409);
    expect(done.json().error).toBe('This link has reached its click limit.');

    expect((await click(b.id)).statusCode).toBe(200);
    const lists = (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}` })).json();
    expect(lists.pending).toEqual([]);
    expect(lists.completed.map((l: { id: string; clicks: number }) => [l.id, l.clicks])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
  });

  it('an unlimited head holds the queue and never completes', async () => {
    const a = await add('https://a.example.com', null);
    const b = await add('https://b.example.com', 1);
    for (let i = 0; i < 5; i++) expect((await click(a.id)).statusCode).toBe(200);
    expect((await click(b.id)).statusCode).toBe(409);
    const lists = (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}` })).json();
    expect(lists.pending.map((l: { clicks: number }) => l.clicks)).toEqual([5, 0]);
  });

  it('an unlimited link counts past 2,147,483,647 clicks (64-bit on both engines; was a 500 on PostgreSQL)', async () => {
    const a = await add('https://big.example.com', null);
    await t.db.updateTable('links').set({ clicks: 2_147_483_646 }).where('id', '=', a.id).execute();
    for (const expected of [2_147_483_647, 2_147_483_648, 2_147_483_649]) {
      const res = await click(a.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().link.clicks).toBe(expected);
    }
    const lists = (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}` })).json();
    expect(lists.pending[0].clicks).toBe(2_147_483_649);
    await t.db.deleteFrom('links').where('id', '=', a.id).execute();
  });

  it('an unknown link is 404', async () => {
    const res = await click('does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Link not found.');
  });

  it("queues are per profile: another profile's head is clickable", async () => {
    const other = await signupMember(t.app);
    await activate(t.db, other.userId);
    await add('https://a.example.com', 5);
    const o = (
      await t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(other.token),
        payload: { link: 'https://o.example.com', max_clicks: 5, user_id: other.userId },
      })
    ).json().link;
    expect((await click(o.id)).statusCode).toBe(200);
  });
});
