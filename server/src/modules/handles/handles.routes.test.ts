import { addLink, activate, bearer, browser, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { HANDLE_CHARACTERS, HANDLE_LOOKALIKE, HANDLE_RESERVED, HANDLE_TAKEN, HANDLE_TOO_LONG, HANDLE_TOO_SHORT } from './handle-rules';

/** Issue 32: vanity handles — claim, change (the old one redirects, then frees), refusals, and clicks by handle. */
describe.each(engines)('vanity handles (%s)', (engine) => {
  const t = useTestApp(engine, { PUBLIC_SITE_URL: 'https://site.example.com', API_PUBLIC_URL: 'https://api.example.com' });
  let a: Member;
  let b: Member;
  let seq = 0;
  const unique = (base: string) => `${base}-${engine.slice(0, 2)}${++seq}`;
  const put = (m: Member, handle: string | null, userId = m.userId) =>
    t.app.inject({ method: 'PUT', url: '/api/handles', headers: bearer(m.token), payload: { user_id: userId, handle } });
  const resolve = (handle: string) => t.app.inject({ method: 'GET', url: `/api/public/handle?handle=${encodeURIComponent(handle)}` });
  const rotator = (segment: string) =>
    t.app.inject({ method: 'GET', url: `/r/${segment}`, headers: browser(), remoteAddress: '198.51.100.7' });
  const clicksOf = async (userId: string) =>
    (await t.db.selectFrom('links').select(['id', 'clicks']).where('user_id', '=', userId).orderBy('position').execute()).map((r) =>
      Number(r.clicks),
    );

  beforeEach(async () => {
    a = await signupMember(t.app);
    b = await signupMember(t.app);
    await activate(t.db, a.userId);
    await activate(t.db, b.userId);
  });

  it('a member claims a handle: the public lookup, the rotator and the shared links use it, case-insensitively', async () => {
    const handle = unique('ada');
    const res = await put(a, `  ${handle.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Handle saved.',
      state: {
        user_id: a.userId,
        handle,
        page_url: `https://site.example.com/${handle}`,
        rotator_url: `https://api.example.com/r/${handle}`,
        old_handles: [],
      },
    });
    expect((await resolve(handle.toUpperCase())).json()).toEqual({ user_id: a.userId, handle });
    const settings = await t.app.inject({ method: 'GET', url: `/api/links/rotator?user_id=${a.userId}`, headers: bearer(a.token) });
    expect(settings.json().rotator_url).toBe(`https://api.example.com/r/${handle}`);
    const mine = await t.app.inject({ method: 'GET', url: '/api/handles/mine', headers: bearer(a.token) });
    expect(mine.json()).toEqual({ handles: { [a.userId]: handle } });
    // The id addresses keep working.
    expect((await resolve('no-such-handle-here')).statusCode).toBe(404);
  });

  it('the rotator by handle counts clicks exactly like by id', async () => {
    const handle = unique('clicks');
    expect((await put(a, handle)).statusCode).toBe(200);
    const first = await addLink(t.app, a, { link: 'https://one.example.org/a', max_clicks: 2 });
    const second = await addLink(t.app, a, { link: 'https://two.example.org/b', max_clicks: 2 });
    const byHandle = await rotator(handle);
    expect(byHandle.statusCode).toBe(302);
    expect(byHandle.headers.location).toBe(first.link);
    const byUpper = await t.app.inject({
      method: 'GET',
      url: `/r/${handle.toUpperCase()}`,
      headers: browser(),
      remoteAddress: '198.51.100.8',
    });
    expect(byUpper.headers.location).toBe(first.link);
    const byId = await t.app.inject({ method: 'GET', url: `/r/${a.userId}`, headers: browser(), remoteAddress: '198.51.100.9' });
    expect(byId.headers.location).toBe(second.link);
    expect(await clicksOf(a.userId)).toEqual([2, 1]);
    const events = await t.db.selectFrom('click_events').select(['link_id', 'source', 'verdict']).where('user_id', '=', a.userId).execute();
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.source === 'rotator' && e.verdict === 'counted')).toBe(true);
  });

  it("a 22-character handle typed with capitals (an id's shape) reaches the rotator, and counts once", async () => {
    const handle = `${unique('twenty-two')}-xxxxxxxxxxxxxxxxxxxx`.slice(0, 22);
    expect(handle).toHaveLength(22);
    expect((await put(a, handle)).statusCode).toBe(200);
    const link = await addLink(t.app, a, { link: 'https://one.example.org/caps', max_clicks: 5 });
    const typed = `${handle[0].toUpperCase()}${handle.slice(1, 8).toUpperCase()}${handle.slice(8)}`;
    const hop = await t.app.inject({ method: 'GET', url: `/r/${typed}`, headers: browser(), remoteAddress: '198.51.100.10' });
    expect(hop.statusCode).toBe(302);
    expect(hop.headers.location).toBe(`https://api.example.com/r/${handle}`);
    expect(await clicksOf(a.userId)).toEqual([0]); // the hop itself counts nothing
    const there = await rotator(handle);
    expect(there.headers.location).toBe(link.link);
    expect(await clicksOf(a.userId)).toEqual([1]);
    // An id-shaped address that is neither an id nor a handle is still the rotator's 404 page.
    expect((await rotator('ZZZZZZZZZZZZZZZZZZZZZZ')).statusCode).toBe(404);
  });

  it('a change keeps the old handle redirecting for 30 days, taken for others; then it frees', async () => {
    const oldHandle = unique('before');
    const newHandle = unique('after');
    await put(a, oldHandle);
    const link = await addLink(t.app, a, { link: 'https://dest.example.org/x', max_clicks: null });
    const changed = await put(a, newHandle);
    expect(changed.statusCode).toBe(200);
    const state = changed.json().state;
    expect(state.handle).toBe(newHandle);
    expect(state.old_handles).toEqual([{ handle: oldHandle, frees_at: expect.any(String) }]);
    const days = (Date.parse(state.old_handles[0].frees_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // The old handle: the page moves to the new one, the rotator redirects there (no click on the way).
    expect((await resolve(oldHandle)).json()).toEqual({ user_id: a.userId, handle: newHandle });
    const hop = await rotator(oldHandle);
    expect(hop.statusCode).toBe(302);
    expect(hop.headers.location).toBe(`https://api.example.com/r/${newHandle}`);
    expect(await clicksOf(a.userId)).toEqual([0]);
    expect((await rotator(newHandle)).headers.location).toBe(link.link);
    expect(await clicksOf(a.userId)).toEqual([1]);

    // Still redirecting: nobody else may take it.
    const taken = await put(b, oldHandle);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(HANDLE_TAKEN);

    // 30 days later (the clock moved: its end is now in the past) it is free for anyone.
    await t.db
      .updateTable('profile_handles')
      .set({ frees_at: new Date(Date.now() - 1000).toISOString() })
      .where('handle', '=', oldHandle)
      .execute();
    expect((await resolve(oldHandle)).statusCode).toBe(404);
    expect((await rotator(oldHandle)).statusCode).toBe(404);
    const claimed = await put(b, oldHandle);
    expect(claimed.statusCode).toBe(200);
    expect((await resolve(oldHandle)).json()).toEqual({ user_id: b.userId, handle: oldHandle });
    // The first member's own list no longer shows it.
    const mine = await t.app.inject({ method: 'GET', url: `/api/handles?user_id=${a.userId}`, headers: bearer(a.token) });
    expect(mine.json().old_handles).toEqual([]);
  });

  it('going back to an own old handle takes it back; dropping the handle keeps it redirecting', async () => {
    const first = unique('first');
    const second = unique('second');
    await put(a, first);
    await put(a, second);
    const back = await put(a, first);
    expect(back.json().state).toMatchObject({ handle: first, old_handles: [{ handle: second }] });
    const dropped = await put(a, null);
    expect(dropped.json()).toMatchObject({
      message: 'Handle removed.',
      state: { handle: null, page_url: `https://site.example.com/profile?userId=${a.userId}` },
    });
    expect((await resolve(first)).json()).toEqual({ user_id: a.userId, handle: null });
    expect((await rotator(first)).headers.location).toBe(`https://api.example.com/r/${a.userId}`);
  });

  it('refuses reserved words, bad lengths and characters, and look-alikes of handles in use', async () => {
    const cases: Array<[string, string]> = [
      ['admin', HANDLE_RESERVED],
      ['API', HANDLE_RESERVED],
      ['login', HANDLE_RESERVED],
      ['confirm-email', HANDLE_RESERVED],
      ['docs', HANDLE_RESERVED],
      ['www', HANDLE_RESERVED],
      ['rotalink', HANDLE_RESERVED],
      ['r0ta1ink', HANDLE_RESERVED],
      ['adrnin', HANDLE_RESERVED], // 'rn' reads as 'm'
      ['ab', HANDLE_TOO_SHORT],
      ['r', HANDLE_TOO_SHORT],
      ['a'.repeat(31), HANDLE_TOO_LONG],
      ['under_score', HANDLE_CHARACTERS],
      ['-dash', HANDLE_CHARACTERS],
      ['dash-', HANDLE_CHARACTERS],
      ['héllo', HANDLE_CHARACTERS],
      ['gооgle', HANDLE_CHARACTERS], // Cyrillic о
      ['two words', HANDLE_CHARACTERS],
    ];
    for (const [handle, message] of cases) {
      const res = await put(a, handle);
      expect({ handle, status: res.statusCode, message: res.json().message }).toEqual({ handle, status: 400, message });
    }
    const base = unique('microsoft');
    expect((await put(a, base)).statusCode).toBe(200);
    const pal = unique('paypal');
    expect((await put(a, pal)).statusCode).toBe(200);
    for (const lookalike of [base.replace('m', 'rn'), base.replace('o', '0'), pal.replace('l', '1')]) {
      const res = await put(b, lookalike);
      expect({ lookalike, status: res.statusCode, message: res.json().message }).toEqual({
        lookalike,
        status: 400,
        message: HANDLE_LOOKALIKE,
      });
    }
    const exact = await put(b, base.toUpperCase());
    expect(exact.json().message).toBe(HANDLE_TAKEN);
    // Nothing was written by the refusals.
    expect(await t.db.selectFrom('profile_handles').select('handle').where('profile_id', '=', b.userId).execute()).toEqual([]);
  });

  it('a sub-profile has its own handle; only its member may set it', async () => {
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(a.token),
      payload: { firstName: 'Sub', lastName: 'One', email: '', phone: '+44 20 7946 0000', password: '' },
    });
    const subId = sub.json().user_id as string;
    const handle = unique('sub');
    expect((await put(b, handle, subId)).statusCode).toBe(403);
    expect((await put(a, handle, subId)).statusCode).toBe(200);
    expect((await resolve(handle)).json()).toEqual({ user_id: subId, handle });
    const mine = await t.app.inject({ method: 'GET', url: '/api/handles/mine', headers: bearer(a.token) });
    expect(mine.json().handles).toEqual({ [subId]: handle });
  });

  it('two members claiming the same handle at once: one gets it, the other is told it is taken', async () => {
    const handle = unique('race');
    const [x, y] = await Promise.all([put(a, handle), put(b, handle)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 400]);
    expect([x, y].find((r) => r.statusCode === 400)?.json().message).toBe(HANDLE_TAKEN);
  });
});
