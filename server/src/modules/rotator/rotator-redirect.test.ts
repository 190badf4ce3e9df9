import { addLink, activate, bearer, browser, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';

/** GET/HEAD /r/:userId (issue 14): the redirect, the modes, and what counts. */
describe.each(engines)('the rotator link (%s)', (engine) => {
  const t = useTestApp(engine, { PUBLIC_SITE_URL: 'https://site.example.com' });
  let m: Member;
  let n = 0;
  const add = (max_clicks: number | null, user_id = m.userId) =>
    addLink(t.app, m, { link: `https://l${++n}.example.com/ref?id=${n}`, max_clicks, user_id });
  const settings = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/links/rotator', headers: bearer(m.token), payload: { user_id: m.userId, ...payload } });
  const follow = (
    headers: Record<string, string> = browser(),
    remoteAddress = '198.51.100.50',
    method: 'GET' | 'HEAD' = 'GET',
    userId = m.userId,
  ) => t.app.inject({ method, url: `/r/${userId}`, headers, remoteAddress });
  const clicksOf = async () =>
    (await t.db.selectFrom('links').select(['id', 'clicks']).where('user_id', '=', m.userId).execute()).reduce<Record<string, number>>(
      (a, r) => ({ ...a, [r.id]: Number(r.clicks) }),
      {},
    );
  const events = () => t.db.selectFrom('click_events').selectAll().where('user_id', '=', m.userId).orderBy('id').execute();

  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  it('302 to the head of the queue with Cache-Control no-store; the click counts and is an event', async () => {
    const head = await add(2);
    await add(2);
    const res = await follow(browser({ referer: 'https://mail.example.org/inbox/123?u=someone' }));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(head.link);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await clicksOf())[head.id]).toBe(1);
    expect(await events()).toEqual([
      expect.objectContaining({
        link_id: head.id,
        source: 'rotator',
        verdict: 'counted',
        device: 'desktop',
        referrer_host: 'mail.example.org',
      }),
    ]);
  });

  it('HEAD answers the same redirect and records nothing', async () => {
    const head = await add(1);
    const res = await follow(browser(), undefined, 'HEAD');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(head.link);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
    expect(await clicksOf()).toEqual({ [head.id]: 0 });
    expect(await events()).toEqual([]);
  });

  it('an unknown or malformed id answers 404 with a small HTML page', async () => {
    const malformed = [
      '/r/no-such-profile-000000',
      '/r/bad%20id',
      "/r/x'or'1'='1",
      // Refused by the input guard or the router before the route: still a page, never JSON or a 500.
      '/r/%00',
      `/r/${'A'.repeat(22)}%09`,
      '/r/abc%7F',
      '/r/abc%C2%85',
      `/r/${'a'.repeat(150)}`,
      '/r/%ZZ',
      '/r/%E0%A4%A',
      // Not the route's shape at all.
      '/r/',
      `/r/${m.userId}/`,
      `/r/${m.userId}/more`,
    ];
    for (const url of malformed) {
      const res = await t.app.inject({ method: 'GET', url, headers: browser() });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('This rotator link does not exist.');
      expect(res.body).not.toContain('<script');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/r/no-such-profile-000000' })).statusCode).toBe(404);
  });

  it('is in the OpenAPI document (GET and HEAD, 302, 404 HTML)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const path = doc.paths['/r/{userId}'];
    for (const method of ['get', 'head']) expect(Object.keys(path[method].responses)).toEqual(['302', '404']);
    expect(Object.keys(path.get.responses['404'].content)).toEqual(['text/html']);
  });

  it('no pending link: on_finish page (default) goes to the public page; backup to the backup URL', async () => {
    const res = await follow();
    expect(res.headers.location).toBe(`https://site.example.com/profile?userId=${m.userId}`);
    await settings({ on_finish: 'backup', backup_url: 'www.backup.example.com/x' });
    expect((await follow()).headers.location).toBe('https://www.backup.example.com/x');
    expect((await events()).map((e) => [e.link_id, e.verdict])).toEqual([
      [null, 'counted'],
      [null, 'counted'],
    ]);
  });

  it('Stats (issue 29): "Counted" is the visits that reached a link; those that found none are their own figure', async () => {
    const head = await add(1);
    expect((await follow()).headers.location).toBe(head.link);
    // The queue is finished now: these two go to the public page.
    await follow(browser(), '198.51.100.51');
    await follow(browser(), '198.51.100.52');
    const now = Date.now();
    const range = `from=${new Date(now - 3_600_000).toISOString()}&to=${new Date(now + 3_600_000).toISOString()}`;
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/summary?user_id=${m.userId}&${range}`, headers: bearer(m.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().totals).toMatchObject({ counted: 1, no_link: 2, repeat: 0, bot: 0, all: 3 });
  });

  it.each([
    ['Slack', { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' }],
    ['Facebook', { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' }],
    ['WhatsApp', { 'user-agent': 'WhatsApp/2.23.20.0 A' }],
    ['Telegram', { 'user-agent': 'TelegramBot (like TwitterBot)' }],
    ['Discord', { 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' }],
    ['X/Twitter', { 'user-agent': 'Twitterbot/1.0' }],
    ['LinkedIn', { 'user-agent': 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)' }],
    ['Skype', { 'user-agent': 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com' }],
    ['Googlebot', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['a prefetch', browser({ 'sec-purpose': 'prefetch' })],
    ['a legacy prefetch', browser({ purpose: 'prefetch' })],
  ])('%s is redirected to the real destination and counts nothing', async (_who, headers) => {
    const head = await add(1);
    const res = await follow(headers as Record<string, string>);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(head.link);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await clicksOf()).toEqual({ [head.id]: 0 });
    expect(await events()).toEqual([expect.objectContaining({ verdict: 'bot', link_id: head.id })]);
  });

  it('a bot never restarts a finished queue', async () => {
    await settings({ on_finish: 'restart' });
    const a = await add(1);
    expect((await follow()).headers.location).toBe(a.link);
    expect((await follow({ 'user-agent': 'Twitterbot/1.0' })).headers.location).toBe(a.link);
    expect(await clicksOf()).toEqual({ [a.id]: 1 });
    expect((await t.db.selectFrom('rotators').select('restarts').where('user_id', '=', m.userId).executeTakeFirstOrThrow()).restarts).toBe(
      0,
    );
  });

  it('inside the unique window a visitor counts once and keeps going to the same link', async () => {
    await settings({ unique_window_hours: 12 });
    const head = await add(5);
    const locations = [];
    for (let i = 0; i < 3; i++) locations.push((await follow(browser(), '198.51.100.77')).headers.location);
    locations.push((await follow(browser(), '198.51.100.78')).headers.location);
    expect(locations).toEqual([head.link, head.link, head.link, head.link]);
    expect((await events()).map((e) => e.verdict)).toEqual(['counted', 'repeat', 'repeat', 'counted']);
    expect((await clicksOf())[head.id]).toBe(2);
  });

  it('round_robin: each qualified click goes to the next pending link after the previous one, wrapping and skipping full ones', async () => {
    await settings({ mode: 'round_robin' });
    const a = await add(null);
    const b = await add(1);
    const c = await add(null);
    const got = [];
    for (let i = 0; i < 6; i++) got.push((await follow()).headers.location);
    expect(got).toEqual([a.link, b.link, c.link, a.link, c.link, a.link]);
  });

  it('spillover walks one visitor through the queue (cookie), and another visitor starts at the first link', async () => {
    await settings({ mode: 'spillover' });
    const links = [await add(null), await add(null), await add(null)];
    let cookie = '';
    const walk = [];
    for (let i = 0; i < 4; i++) {
      const res = await follow(browser(cookie ? { cookie } : {}), `198.51.100.${60 + i}`); // a phone changing networks: the cookie carries it
      walk.push(res.headers.location);
      const set = String(res.headers['set-cookie']);
      expect(set).toMatch(new RegExp(`^rl_sp=[A-Za-z0-9_-]+; Path=/r/${m.userId}; Max-Age=2592000; HttpOnly; SameSite=Lax$`));
      cookie = set.split(';')[0];
    }
    expect(walk).toEqual([links[0].link, links[1].link, links[2].link, links[0].link]);
    expect((await follow(browser(), '198.51.100.99')).headers.location).toBe(links[0].link);
  });

  it('spillover without cookies falls back to the day’s visitor hash', async () => {
    await settings({ mode: 'spillover' });
    const links = [await add(null), await add(null)];
    const walk = [];
    for (let i = 0; i < 3; i++) walk.push((await follow(browser(), '198.51.100.88')).headers.location);
    expect(walk).toEqual([links[0].link, links[1].link, links[0].link]);
  });

  it('spillover: one visitor’s visits arriving together (one batch) still walk the queue, one link each', async () => {
    await settings({ mode: 'spillover' });
    const links = [await add(null), await add(null), await add(null)];
    const before = { ...t.app.ledger.stats };
    const answers = await Promise.all(Array.from({ length: 3 }, () => follow(browser(), '198.51.100.77')));
    expect(t.app.ledger.stats.batches - before.batches).toBeLessThan(3);
    expect(answers.map((r) => r.headers.location).sort()).toEqual(links.map((l) => l.link).sort());
    expect((await follow(browser(), '198.51.100.77')).headers.location).toBe(links[0].link);
  });

  it('visits of one profile in one batch share its queue read and still fill each cap exactly', async () => {
    const links = [await add(2), await add(3), await add(null)];
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => follow(browser(), `198.51.100.${100 + i}`)));
    const to = answers.map((r) => r.headers.location);
    expect(to.filter((u) => u === links[0].link)).toHaveLength(2);
    expect(to.filter((u) => u === links[1].link)).toHaveLength(3);
    expect(to.filter((u) => u === links[2].link)).toHaveLength(3);
    expect(await clicksOf()).toEqual({ [links[0].id]: 2, [links[1].id]: 3, [links[2].id]: 3 });
    expect(await events()).toHaveLength(8);
  });

  it('one batch of people and link previews across a cap: the cap is exact, every click adds to all clicks, one fill mail', async () => {
    const links = [await add(3), await add(null)];
    const slack = { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' };
    const before = { ...t.app.ledger.stats };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => follow(i % 2 ? slack : browser(), `198.51.100.${150 + i}`)));
    expect(t.app.ledger.stats.batches - before.batches).toBeLessThan(10);
    expect(answers.every((r) => r.statusCode === 302 && links.some((l) => l.link === r.headers.location))).toBe(true);
    const rows = await t.db
      .selectFrom('links')
      .select(['id', 'clicks', 'counted_clicks', 'all_clicks'])
      .where('user_id', '=', m.userId)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(links[0].id)).toMatchObject({ clicks: 3, counted_clicks: 3 });
    expect(byId.get(links[1].id)).toMatchObject({ clicks: 2, counted_clicks: 2 });
    expect(rows.reduce((sum, r) => sum + Number(r.all_clicks), 0)).toBe(10);
    const verdicts = (await events()).map((e) => e.verdict).sort();
    expect(verdicts).toEqual([...Array(5).fill('bot'), ...Array(5).fill('counted')]);
    // The visit that filled the first link queued its owner's mail, once (issue 16).
    expect(await t.db.selectFrom('outbox').select('id').where('user_id', '=', m.userId).execute()).toHaveLength(1);
  });

  it('random spreads over the pending links within statistical bounds', async () => {
    await settings({ mode: 'random' });
    const links = [await add(null), await add(null), await add(null)];
    const full = await add(1);
    await t.db.updateTable('links').set({ clicks: 1 }).where('id', '=', full.id).execute();
    const counts = new Map<string, number>();
    for (const res of await Promise.all(Array.from({ length: 300 }, () => follow()))) {
      const at = res.headers.location as string;
      counts.set(at, (counts.get(at) ?? 0) + 1);
    }
    expect(counts.has(full.link)).toBe(false);
    // 300 draws over 3 links: mean 100, sd ≈ 8.2; ±40 is ~5 sd (a false alarm about once in 3 million runs).
    for (const l of links) expect(Math.abs((counts.get(l.link) ?? 0) - 100)).toBeLessThanOrEqual(40);
  });

  it('a sub-profile has its own rotator', async () => {
    const sub = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'S', lastName: 'P', phone: '+1 555 0100' },
      })
    ).json().user_id;
    await add(3);
    const own = await add(3, sub);
    expect((await follow(browser(), undefined, 'GET', sub)).headers.location).toBe(own.link);
  });

  it('no event, rotator row or key holds an IP address', async () => {
    const ips = ['198.51.100.123', '2001:db8::77', '203.0.113.200'];
    await settings({ unique_window_hours: 1, mode: 'spillover' });
    const link = await add(null);
    for (const ip of ips) {
      await follow(browser({ 'x-forwarded-for': ip }), ip);
      await t.app.inject({
        method: 'POST',
        url: '/api/public/increment-clicks',
        headers: browser(),
        payload: { link_id: link.id },
        remoteAddress: ip,
      });
    }
    const dump = JSON.stringify([
      await t.db.selectFrom('click_events').selectAll().execute(),
      await t.db.selectFrom('rotators').selectAll().execute(),
      await t.db.selectFrom('visitor_keys').selectAll().execute(),
    ]);
    expect((await events()).length).toBeGreaterThanOrEqual(6);
    for (const ip of ips) expect(dump).not.toContain(ip);
    expect(dump).not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);
  });
});
