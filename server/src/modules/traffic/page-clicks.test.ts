import { addLink, activate, browser, BROWSER_UA, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { nowIso } from '../../db/ids';

/** Qualified clicks on the public page (issue 14): every click is an event; only `counted` burns the cap. */
describe.each(engines)('page clicks and their verdicts (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  let seq = 0;
  const ip = () => `203.0.113.${(++seq % 250) + 1}`;
  const add = (max_clicks: number | null, user_id = m.userId) =>
    addLink(t.app, m, { link: `https://l${++seq}.example.com/`, max_clicks, user_id });
  const click = (linkId: string, headers: Record<string, string>, remoteAddress = ip()) =>
    t.app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers, payload: { link_id: linkId }, remoteAddress });
  const events = (linkId: string) => t.db.selectFrom('click_events').selectAll().where('link_id', '=', linkId).orderBy('id').execute();
  const stored = (linkId: string) =>
    t.db.selectFrom('links').select(['clicks', 'counted_clicks', 'all_clicks']).where('id', '=', linkId).executeTakeFirstOrThrow();
  const setRules = (rules: { filter_bots?: number; unique_window_hours?: number }) =>
    t.db
      .insertInto('rotators')
      .values({
        user_id: m.userId,
        filter_bots: 1,
        unique_window_hours: 0,
        ...rules,
        mode: 'fulfillment',
        on_finish: 'page',
        backup_url: null,
        last_link_id: null,
        restarts: 0,
        updated_at: nowIso(),
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ filter_bots: rules.filter_bots ?? 1, unique_window_hours: rules.unique_window_hours ?? 0 }),
      )
      .execute();

  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  it('a person’s click counts and is stored with its device, the referrer’s host only and a visitor hash', async () => {
    const link = await add(5);
    const res = await click(link.id, browser({ referer: 'https://news.example.org/story/42?utm_source=mail&email=a@b.c' }), '198.51.100.7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Click counted',
      counted: true,
      link: expect.objectContaining({ id: link.id, clicks: 1 }),
      destination: link.link,
    });
    const [e] = await events(link.id);
    expect(e).toEqual({
      id: expect.anything(),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user_id: m.userId,
      link_id: link.id,
      source: 'page',
      verdict: 'counted',
      device: 'desktop',
      referrer_host: 'news.example.org',
      visitor: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      tracked: 0,
      // Issue 30: a counted click's id (decision 0151), not the visitor hash.
      click_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    expect(e.click_id).not.toBe(e.visitor);
    expect(await stored(link.id)).toEqual({ clicks: 1, counted_clicks: 1, all_clicks: 1 });
  });

  it('the page sends its own referrer: its host is kept, the page itself is not a referrer', async () => {
    const link = await add(null);
    const send = (referrer: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/increment-clicks',
        headers: browser({ referer: 'https://rotalink.example.com/profile?userId=x' }),
        payload: { link_id: link.id, ...(referrer === undefined ? {} : { referrer }) },
      });
    await send('https://www.facebook.com/groups/123?ref=share');
    await send('');
    await send(undefined);
    expect((await events(link.id)).map((e) => e.referrer_host)).toEqual(['www.facebook.com', null, 'rotalink.example.com']);
  });

  it.each([
    ['a crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['Facebook', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['WhatsApp', 'WhatsApp/2.23.20.0 A'],
    ['Telegram', 'TelegramBot (like TwitterBot)'],
    ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['X/Twitter', 'Twitterbot/1.0'],
    ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
    ['Skype', 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com'],
    ['a headless browser', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36'],
    ['a script', 'curl/8.5.0'],
    ['no User-Agent at all', ''],
  ])('%s: 200 with the link unchanged and "not counted"; the event says bot', async (_who, ua) => {
    const link = await add(2);
    const res = await click(link.id, { 'user-agent': ua });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Click not counted: it came from a bot, a link preview or a prefetch.');
    expect(res.json().counted).toBe(false);
    expect(res.json().link).toMatchObject({ id: link.id, clicks: 0 });
    expect(await stored(link.id)).toEqual({ clicks: 0, counted_clicks: 0, all_clicks: 1 });
    expect(await events(link.id)).toEqual([expect.objectContaining({ verdict: 'bot', device: 'bot', source: 'page' })]);
  });

  it.each<Record<string, string>>([
    { 'sec-purpose': 'prefetch' },
    { 'sec-purpose': 'prefetch;prerender' },
    { purpose: 'prefetch' },
    { 'x-moz': 'prefetch' },
    { 'x-purpose': 'preview' },
  ])('a browser prefetch (%o) counts nothing', async (hint) => {
    const link = await add(2);
    const res = await click(link.id, browser(hint));
    expect(res.json().message).toMatch(/not counted/);
    expect((await stored(link.id)).clicks).toBe(0);
    expect(await events(link.id)).toEqual([expect.objectContaining({ verdict: 'bot', device: 'desktop' })]);
  });

  it('with filter_bots off, a bot’s click counts (its device is still bot)', async () => {
    await setRules({ filter_bots: 0 });
    const link = await add(2);
    const res = await click(link.id, { 'user-agent': 'Twitterbot/1.0' });
    expect(res.json()).toMatchObject({ message: 'Click counted', link: { clicks: 1 } });
    expect(await events(link.id)).toEqual([expect.objectContaining({ verdict: 'counted', device: 'bot' })]);
  });

  it('inside the unique window the same visitor counts once; another visitor counts', async () => {
    await setRules({ unique_window_hours: 24 });
    const link = await add(10);
    const first = await click(link.id, browser(), '198.51.100.20');
    const again = await click(link.id, browser(), '198.51.100.20');
    const other = await click(link.id, browser(), '198.51.100.21');
    const otherBrowser = await click(link.id, { 'user-agent': BROWSER_UA.replace('124.0', '125.0') }, '198.51.100.20');
    expect([first, again, other, otherBrowser].map((r) => r.json().message)).toEqual([
      'Click counted',
      'Click not counted: this visitor already clicked this link recently.',
      'Click counted',
      'Click counted',
    ]);
    expect([first, again, other, otherBrowser].map((r) => r.json().counted)).toEqual([true, false, true, true]);
    expect(again.json().link.clicks).toBe(1);
    expect((await events(link.id)).map((e) => e.verdict)).toEqual(['counted', 'repeat', 'counted', 'counted']);
    expect(await stored(link.id)).toEqual({ clicks: 3, counted_clicks: 3, all_clicks: 4 });
  });

  it('one visitor’s simultaneous clicks, applied in one group-commit batch, count once inside the window', async () => {
    await setRules({ unique_window_hours: 24 });
    const link = await add(10);
    const before = { ...t.app.ledger.stats };
    const answers = await Promise.all(Array.from({ length: 6 }, () => click(link.id, browser(), '198.51.100.40')));
    // They shared batches (the case where the repeat is still only in the batch, not in the table).
    expect(t.app.ledger.stats.batches - before.batches).toBeLessThan(6);
    const messages = answers.map((r) => r.json().message);
    expect(messages.filter((x) => x === 'Click counted')).toHaveLength(1);
    expect(messages.filter((x) => x === 'Click not counted: this visitor already clicked this link recently.')).toHaveLength(5);
    expect((await events(link.id)).map((e) => e.verdict).sort()).toEqual(['counted', 'repeat', 'repeat', 'repeat', 'repeat', 'repeat']);
    expect(await stored(link.id)).toEqual({ clicks: 1, counted_clicks: 1, all_clicks: 6 });
  });

  it('with the window off (the default) every click of the same person counts', async () => {
    const link = await add(10);
    for (let i = 0; i < 3; i++) expect((await click(link.id, browser(), '198.51.100.30')).json().message).toBe('Click counted');
    expect((await stored(link.id)).clicks).toBe(3);
  });

  it('the queue rules hold for clicks that do not count: off the head 409, unknown 404, nothing stored', async () => {
    const head = await add(1);
    const next = await add(1);
    const bot = { 'user-agent': 'Slackbot 1.0' };
    expect((await click(next.id, bot)).json()).toMatchObject({ code: 'queue-head-required', error: 'Complete the previous link first!' });
    expect((await click('no-such-link-0000000000', bot)).statusCode).toBe(404);
    expect(await events(next.id)).toEqual([]);
    expect((await click(head.id, browser())).statusCode).toBe(200);
    expect((await click(head.id, bot)).json()).toMatchObject({ code: 'link-completed' });
    expect((await stored(head.id)).all_clicks).toBe(1);
  });

  it('phones and tablets are told apart from desktops', async () => {
    const link = await add(null);
    await click(link.id, {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    await click(link.id, {
      'user-agent':
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    await click(link.id, {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    });
    await click(link.id, browser());
    expect((await events(link.id)).map((e) => e.device)).toEqual(['mobile', 'tablet', 'mobile', 'desktop']);
  });
});
