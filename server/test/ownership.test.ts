import { activate, bearer, engines, signupMember, useTestApp, type Member } from './helpers';

/** DESIGN §6 ownership: everything member B tries on member A's profile, sub-profiles and links is refused. */
describe.each(engines)('two members (%s)', (engine) => {
  const t = useTestApp(engine);
  let a: Member;
  let b: Member;
  let aSub: string;
  let aLink: string;
  let aSubLink: string;

  beforeAll(async () => {
    a = await signupMember(t.app, { firstName: 'Alice' });
    b = await signupMember(t.app, { firstName: 'Bob' });
    await activate(t.db, a.userId);
    await activate(t.db, b.userId);
    aSub = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(a.token),
        payload: { firstName: 'ASub', lastName: 'X', phone: '12345' },
      })
    ).json().user_id;
    aLink = (
      await t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(a.token),
        payload: { link: 'https://a.example.com', max_clicks: 3, user_id: a.userId },
      })
    ).json().link.id;
    aSubLink = (
      await t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(a.token),
        payload: { link: 'https://as.example.com', max_clicks: 3, user_id: aSub },
      })
    ).json().link.id;
  });

  const attempts = () => [
    { name: 'read A’s sub-profile', method: 'GET' as const, url: `/api/auth/getsubprofile/${aSub}` },
    {
      name: 'edit A’s sub-profile',
      method: 'PUT' as const,
      url: '/api/auth/updatesubprofile',
      payload: { userId: aSub, first_name: 'Hacked', last_name: 'X', phone: '12345' },
    },
    {
      name: 'add a link to A',
      method: 'POST' as const,
      url: '/api/links/linkadd',
      payload: { link: 'https://evil.example.com', max_clicks: 1, user_id: a.userId },
    },
    {
      name: 'add a link to A’s sub-profile',
      method: 'POST' as const,
      url: '/api/links/linkadd',
      payload: { link: 'https://evil.example.com', max_clicks: 1, user_id: aSub },
    },
    { name: 'reset A’s link', method: 'POST' as const, url: '/api/links/resetLink', payload: { link_id: aLink, user_id: a.userId } },
    { name: 'delete A’s link', method: 'POST' as const, url: '/api/links/deleteLink', payload: { link_id: aLink, user_id: a.userId } },
    {
      name: 'delete A’s sub-profile link',
      method: 'POST' as const,
      url: '/api/links/deleteLink',
      payload: { link_id: aSubLink, user_id: aSub },
    },
    // issue 16
    {
      name: 'pause A’s link',
      method: 'POST' as const,
      url: '/api/links/pauseLink',
      payload: { link_id: aLink, user_id: a.userId, paused: true },
    },
    { name: 'check A’s link now', method: 'POST' as const, url: '/api/links/checkLink', payload: { link_id: aLink, user_id: a.userId } },
    // issue 13
    {
      name: 'edit A’s link',
      method: 'POST' as const,
      url: '/api/links/updateLink',
      payload: { link_id: aLink, user_id: a.userId, link: 'https://evil.example.com' },
    },
    {
      name: 'edit A’s sub-profile link',
      method: 'POST' as const,
      url: '/api/links/updateLink',
      payload: { link_id: aSubLink, user_id: aSub, max_clicks: 1 },
    },
    { name: 'reorder A’s queue', method: 'POST' as const, url: '/api/links/reorder', payload: { user_id: a.userId, link_ids: [aLink] } },
    {
      name: 'reorder A’s sub-profile queue',
      method: 'POST' as const,
      url: '/api/links/reorder',
      payload: { user_id: aSub, link_ids: [aSubLink] },
    },
    { name: 'delete A’s sub-profile', method: 'POST' as const, url: '/api/auth/deletesubprofile', payload: { userId: aSub } },
  ];

  it.each(Array.from({ length: 12 }, (_, i) => i))('B is refused (403) attempt #%i', async (i) => {
    const attempt = attempts()[i];
    const res = await t.app.inject({ ...attempt, headers: bearer(b.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('You can only manage your own profile and sub-profiles.');
  });

  it("B cannot act on A's link by naming B's own profile", async () => {
    for (const url of ['/api/links/resetLink', '/api/links/deleteLink']) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(b.token), payload: { link_id: aLink, user_id: b.userId } });
      expect(res.statusCode).toBe(404);
    }
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/links/updateLink',
      headers: bearer(b.token),
      payload: { link_id: aLink, user_id: b.userId, name: 'mine' },
    });
    expect(edit.statusCode).toBe(404);
    // A's link in B's own queue order is not B's queue.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/links/reorder',
      headers: bearer(b.token),
      payload: { user_id: b.userId, link_ids: [aLink] },
    });
    expect(order.statusCode).toBe(400);
  });

  it("B's own lists never show A's sub-profiles", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sub-profiles', headers: bearer(b.token) });
    expect(res.json()).toEqual({ subProfiles: [] });
  });

  it("A's data is unchanged after all of B's attempts", async () => {
    const sub = (await t.app.inject({ method: 'GET', url: `/api/auth/getsubprofile/${aSub}`, headers: bearer(a.token) })).json();
    expect(sub.subProfiles[0].first_name).toBe('ASub');
    const links = (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${a.userId}` })).json();
    expect(links.pending.map((l: { id: string }) => l.id)).toEqual([aLink]);
    expect(links.pending[0]).toMatchObject({ link: 'https://a.example.com', max_clicks: 3, name: '' });
    const subLinks = (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${aSub}` })).json();
    expect(subLinks.pending.map((l: { id: string }) => l.id)).toEqual([aSubLink]);
  });
});
