import { activate, bearer, engines, signupMember, useTestApp, type Member, browser } from '../../../test/helpers';

describe.each(engines)('links routes (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;

  const add = (payload: Record<string, unknown>, token = m.token) =>
    t.app.inject({ method: 'POST', url: '/api/links/linkadd', headers: bearer(token), payload });
  const lists = (userId = m.userId) => t.app.inject({ method: 'GET', url: `/api/links/userliks?user_id=${userId}` }).then((r) => r.json());

  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  it('adds a link to the end of the pending queue', async () => {
    const first = await add({ link: 'https://example.com/a', max_clicks: 3, name: 'A', user_id: m.userId });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: 'Link added successfully',
      link: { id: expect.any(String), name: 'A', link: 'https://example.com/a', clicks: 0, max_clicks: 3 },
    });
    await add({ link: 'https://example.com/b', max_clicks: null, user_id: m.userId });
    const l = await lists();
    expect(l.pending.map((x: { link: string }) => x.link)).toEqual(['https://example.com/a', 'https://example.com/b']);
    expect(l.completed).toEqual([]);
    expect(l.pending[1]).toMatchObject({ name: '', max_clicks: null });
  });

  it("stores 'www.' as 'https://www.'", async () => {
    const res = await add({ link: 'www.example.com/ref?id=1', max_clicks: 1, user_id: m.userId });
    expect(res.json().link.link).toBe('https://www.example.com/ref?id=1');
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'example.com', 'https://', 'www.', 'ftp://x.com', 'https://exa mple.com'])(
    'refuses %s with the spec message',
    async (link) => {
      const res = await add({ link, max_clicks: 1, user_id: m.userId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "URL must start with 'https://' or 'www.'",
        message: "URL must start with 'https://' or 'www.'",
        code: 'invalid',
      });
    },
  );

  it.each([
    ['http://example.com', /^An http:\/\/ address is not secure and is not accepted: use the https:\/\/ address of the same page\.$/],
    ['https://localhost', /^“localhost” is an address on your own computer/],
    ['http://localhost:3000/ref', /^“localhost” is an address on your own computer/],
    ['https://127.0.0.1/ref', /^“127\.0\.0\.1” is an address on your own computer/],
  ])('refuses %s with the spec message and a second line saying what is wrong (issue 29)', async (link, second) => {
    const existing = (await add({ link: 'https://ok.example.com', max_clicks: 1, user_id: m.userId })).json().link;
    for (const res of [
      await add({ link, max_clicks: 1, user_id: m.userId }),
      await t.app.inject({
        method: 'POST',
        url: '/api/links/updateLink',
        headers: bearer(m.token),
        payload: { link_id: existing.id, user_id: m.userId, link },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      const [first, rest] = res.json().error.split('\n');
      expect(first).toBe("URL must start with 'https://' or 'www.'");
      expect(rest).toMatch(second);
      expect(res.json().code).toBe('invalid');
    }
  });

  it('refuses a URL over 2,048 characters naming the limit, and stores nothing cut', async () => {
    const link = `https://example.com/${'a'.repeat(2048)}`;
    const res = await add({ link, max_clicks: 1, user_id: m.userId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/at most 2048 characters/);
    expect((await t.app.inject({ method: 'GET', url: `/api/links/userliks?user_id=${m.userId}` })).json().pending).toEqual([]);
  });

  it('refuses max_clicks below 1 or not whole', async () => {
    for (const max_clicks of [0, -1, 1.5, '5']) {
      const res = await add({ link: 'https://example.com', max_clicks, user_id: m.userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Max clicks must be/);
    }
  });

  it('needs an active plan', async () => {
    const other = await signupMember(t.app);
    const res = await add({ link: 'https://example.com', max_clicks: 1, user_id: other.userId }, other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('An active plan is needed to add links. Please subscribe first.');
    await activate(t.db, other.userId, new Date(Date.now() - 60_000).toISOString());
    expect((await add({ link: 'https://example.com', max_clicks: 1, user_id: other.userId }, other.token)).statusCode).toBe(403);
  });

  it('allows at most 20 links per profile', async () => {
    for (let i = 0; i < 20; i++)
      expect((await add({ link: `https://example.com/${i}`, max_clicks: 1, user_id: m.userId })).statusCode).toBe(201);
    const res = await add({ link: 'https://example.com/21', max_clicks: 1, user_id: m.userId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('A profile can have at most 20 links.');
  });

  it("a sub-profile's links use the parent's plan and have their own 20", async () => {
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(m.token),
      payload: { firstName: 'S', lastName: 'P', phone: '+1 555 0100' },
    });
    const subId = sub.json().user_id;
    const res = await add({ link: 'https://example.com/s', max_clicks: 2, user_id: subId });
    expect(res.statusCode).toBe(201);
    expect((await lists(subId)).pending).toHaveLength(1);
    expect((await lists()).pending).toHaveLength(0);
    await t.db.updateTable('users').set({ subscription_status: 'inactive' }).where('id', '=', m.userId).execute();
    expect((await add({ link: 'https://example.com/s2', max_clicks: 2, user_id: subId })).statusCode).toBe(403);
  });

  it('reset puts the link back to 0 clicks at the end of the queue', async () => {
    const a = (await add({ link: 'https://a.example.com', max_clicks: 1, user_id: m.userId })).json().link;
    await add({ link: 'https://b.example.com', max_clicks: 5, user_id: m.userId });
    await t.app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers: browser(), payload: { link_id: a.id } });
    let l = await lists();
    expect(l.completed.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/links/resetLink',
      headers: bearer(m.token),
      payload: { link_id: a.id, user_id: m.userId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Link reset successfully' });
    l = await lists();
    expect(l.completed).toEqual([]);
    expect(l.pending.map((x: { link: string; clicks: number }) => [x.link, x.clicks])).toEqual([
      ['https://b.example.com', 0],
      ['https://a.example.com', 0],
    ]);
  });

  it('deletes a link; an unknown link is 404', async () => {
    const a = (await add({ link: 'https://a.example.com', max_clicks: 1, user_id: m.userId })).json().link;
    const del = await t.app.inject({
      method: 'POST',
      url: '/api/links/deleteLink',
      headers: bearer(m.token),
      payload: { link_id: a.id, user_id: m.userId },
    });
    expect(del.json()).toEqual({ message: 'Link deleted successfully' });
    expect((await lists()).pending).toEqual([]);
    for (const url of ['/api/links/deleteLink', '/api/links/resetLink']) {
      const again = await t.app.inject({ method: 'POST', url, headers: bearer(m.token), payload: { link_id: a.id, user_id: m.userId } });
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe('Link not found.');
    }
  });

  it('userliks of an unknown user is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/links/userliks?user_id=nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('User not found.');
  });

  it.each(['/api/links/linkadd', '/api/links/resetLink', '/api/links/deleteLink'])('%s without a token is 401', async (url) => {
    const res = await t.app.inject({ method: 'POST', url, payload: { link_id: 'x', user_id: m.userId } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Token is missing');
  });
});
