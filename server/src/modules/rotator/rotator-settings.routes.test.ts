import { addLink, activate, bearer, browser, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';

/** GET/PUT /api/links/rotator (issue 14): owner only, partial updates, 400s naming the field. */
describe.each(engines)('rotator settings API (%s)', (engine) => {
  const t = useTestApp(engine, { API_PUBLIC_URL: 'https://go.example.net' });
  let m: Member;
  const get = (userId = m.userId, token: string | null = m.token) =>
    t.app.inject({ method: 'GET', url: `/api/links/rotator?user_id=${userId}`, headers: token ? bearer(token) : {} });
  const put = (payload: Record<string, unknown>, token: string | null = m.token) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/links/rotator',
      headers: token ? bearer(token) : {},
      payload: { user_id: m.userId, ...payload },
    });

  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  it('a profile that never saved settings has the defaults and its rotator URL', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rotator_url: `https://go.example.net/r/${m.userId}`,
      mode: 'fulfillment',
      on_finish: 'page',
      backup_url: null,
      unique_window_hours: 0,
      filter_bots: true,
      notify_link_completed: true,
      notify_queue_empty: true,
    });
  });

  it('PUT changes only the fields sent and answers the saved settings', async () => {
    const first = await put({ mode: 'round_robin', unique_window_hours: 24 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Rotator settings saved',
      settings: expect.objectContaining({ mode: 'round_robin', unique_window_hours: 24, filter_bots: true }),
    });
    const second = await put({
      filter_bots: false,
      on_finish: 'backup',
      backup_url: 'www.backup.example.com/offer',
      notify_queue_empty: false,
    });
    expect(second.json().settings).toEqual({
      rotator_url: `https://go.example.net/r/${m.userId}`,
      mode: 'round_robin',
      on_finish: 'backup',
      backup_url: 'https://www.backup.example.com/offer',
      unique_window_hours: 24,
      filter_bots: false,
      notify_link_completed: true,
      notify_queue_empty: false,
    });
    expect((await get()).json()).toEqual(second.json().settings);
  });

  it.each([
    [{ mode: 'fastest' }, 'Mode is not one of the allowed values.'],
    [{ on_finish: 'loop' }, 'On finish is not one of the allowed values.'],
    [{ unique_window_hours: 721 }, 'Unique window (hours) must be at most 720.'],
    [{ unique_window_hours: -1 }, 'Unique window (hours) must be at least 0.'],
    [{ unique_window_hours: 1.5 }, 'Unique window (hours) must be a whole number.'],
    [{ filter_bots: 'yes' }, 'Bot filter must be a boolean.'],
    [{ backup_url: 'http://plain.example.com' }, "Backup URL must start with 'https://' or 'www.'"],
    [{ backup_url: 'javascript:alert(1)' }, "Backup URL must start with 'https://' or 'www.'"],
    [{ on_finish: 'backup' }, 'Enter a backup URL, or choose another option for when the queue is finished.'],
    [{ on_finish: 'backup', backup_url: '' }, 'Enter a backup URL, or choose another option for when the queue is finished.'],
  ])('%o → 400 %s', async (payload, text) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: text, message: text, code: 'invalid' });
    expect((await get()).json().mode).toBe('fulfillment');
  });

  it('a saved backup URL lets on_finish become backup later; clearing it while in use is refused', async () => {
    expect((await put({ backup_url: 'https://b.example.com' })).statusCode).toBe(200);
    expect((await put({ on_finish: 'backup' })).json().settings).toMatchObject({
      on_finish: 'backup',
      backup_url: 'https://b.example.com',
    });
    expect((await put({ backup_url: null })).json().error).toBe(
      'Enter a backup URL, or choose another option for when the queue is finished.',
    );
    expect((await put({ on_finish: 'page', backup_url: null })).json().settings).toMatchObject({ on_finish: 'page', backup_url: null });
  });

  it('the member manages a sub-profile’s rotator; nobody else can (401/403/404 texts as every auth call)', async () => {
    const sub = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'S', lastName: 'P', phone: '+1 555 0100' },
      })
    ).json().user_id;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/links/rotator',
          headers: bearer(m.token),
          payload: { user_id: sub, mode: 'random' },
        })
      ).json().settings.mode,
    ).toBe('random');
    expect((await get(sub)).json()).toMatchObject({ mode: 'random', rotator_url: `https://go.example.net/r/${sub}` });
    const other = await signupMember(t.app);
    for (const res of [await get(m.userId, other.token), await put({ mode: 'random' }, other.token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('You can only manage your own profile and sub-profiles.');
    }
    for (const res of [await get(m.userId, null), await put({ mode: 'random' }, null)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Token is missing');
    }
    expect((await get('no-such-user-00000000', m.token)).json()).toMatchObject({ error: 'User not found.', code: 'not-found' });
    expect((await get()).json().mode).toBe('fulfillment');
  });

  it('the owner’s link lists carry counted_clicks and all_clicks; the public lists do not', async () => {
    const link = await addLink(t.app, m, { link: 'https://a.example.com', max_clicks: 5 });
    const click = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers, payload: { link_id: link.id } });
    await click(browser());
    await click({ 'user-agent': 'Slackbot 1.0' });
    await t.app.inject({
      method: 'POST',
      url: '/api/links/resetLink',
      headers: bearer(m.token),
      payload: { link_id: link.id, user_id: m.userId },
    });
    await click(browser());
    const own = (await t.app.inject({ method: 'GET', url: `/api/links/userliks?user_id=${m.userId}`, headers: bearer(m.token) })).json();
    expect(own.pending[0]).toEqual({
      id: link.id,
      name: '',
      link: 'https://a.example.com',
      clicks: 1,
      max_clicks: 5,
      counted_clicks: 2,
      all_clicks: 3,
      click_param: null,
    });
    const pub = (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}` })).json();
    expect(pub.pending[0]).toEqual({ id: link.id, name: '', link: 'https://a.example.com', clicks: 1, max_clicks: 5 });
    // The member call is public too (spec §7): without the owner's token, or with another
    // member's, it shows no totals (found by a security test: they gave away the bot count).
    const other = await signupMember(t.app);
    for (const headers of [{}, bearer(other.token)]) {
      const seen = (await t.app.inject({ method: 'GET', url: `/api/links/userliks?user_id=${m.userId}`, headers })).json();
      expect(seen.pending[0]).toEqual({ id: link.id, name: '', link: 'https://a.example.com', clicks: 1, max_clicks: 5 });
    }
  });
});
