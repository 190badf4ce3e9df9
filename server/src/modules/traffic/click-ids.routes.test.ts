import type { AddressInfo } from 'node:net';
import type { IncrementClicksOk } from '@rotalink/shared-api/contract';
import { CLICK_PARAM_INVALID } from '@rotalink/shared-api/rules';
import { activate, addLink, bearer, BROWSER_UA, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { postbackUrl, conversionRows, seller } from '../conversions/conversions.test-helper';

/**
 * Issue 30: every counted click gets a click id minted by the ledger, stored on its event, and
 * carried to the destination (macros replaced, the link's parameter appended) — over real HTTP,
 * the visitor page's call and the rotator's redirect; a postback with that id finds its link.
 */
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const ID = /^[A-Za-z0-9_-]{22}$/;
const MACRO_URL = 'https://offer.example.com/o?c={click_id}&l={link_id}&p={profile_id}&s={source}';

describe.each(engines)('click ids to the destination (issue 30) (%s)', (engine) => {
  const t = useTestApp(engine);
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const pageClick = (linkId: string, ua = BROWSER_UA) =>
    fetch(`${base}/api/public/increment-clicks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': ua },
      body: JSON.stringify({ link_id: linkId }),
    });
  const answerOf = async (linkId: string, ua?: string) => (await pageClick(linkId, ua)).json() as Promise<IncrementClicksOk>;
  const rotatorVisit = (userId: string, ua = BROWSER_UA, method = 'GET') =>
    fetch(`${base}/r/${userId}`, { method, redirect: 'manual', headers: { 'user-agent': ua } });
  const eventsOf = (userId: string) =>
    t.db
      .selectFrom('click_events')
      .select(['click_id', 'verdict', 'source', 'link_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  async function member(): Promise<Member> {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    return m;
  }

  it('a counted page click answers the destination with every macro replaced and the click id appended; its id is on the event', async () => {
    const m = await member();
    const link = await addLink(t.app, m, { link: MACRO_URL, max_clicks: null, click_param: 'aff_sub' });
    const res = await pageClick(link.id);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as IncrementClicksOk;
    expect(answer.counted).toBe(true);
    const [event] = await eventsOf(m.userId);
    expect(event).toMatchObject({ verdict: 'counted', source: 'page', link_id: link.id });
    expect(event.click_id).toMatch(ID);
    expect(answer.destination).toBe(
      `https://offer.example.com/o?c=${event.click_id}&l=${link.id}&p=${encodeURIComponent(m.userId)}&s=page&aff_sub=${event.click_id}`,
    );
    // The stored link is unchanged: the macros are the member's, the values the click's.
    expect(answer.link.link).toBe(MACRO_URL);
  });

  it('a counted rotator visit redirects to the destination with its click id; a postback with that id is attributed to the link', async () => {
    const s = await seller(t.app, t.db);
    const link = await addLink(t.app, s.member, { link: `${MACRO_URL}#x`, max_clicks: null, click_param: 'subid' });
    // The seller's first link is the head of the fulfillment queue: fill it so the rotator goes to ours.
    await t.db.updateTable('links').set({ max_clicks: 1, clicks: 1 }).where('id', '=', s.linkId).execute();
    const res = await rotatorVisit(s.member.userId);
    expect(res.status).toBe(302);
    const [event] = await eventsOf(s.member.userId);
    expect(event).toMatchObject({ verdict: 'counted', source: 'rotator', link_id: link.id });
    expect(event.click_id).toMatch(ID);
    const id = event.click_id as string;
    expect(res.headers.get('location')).toBe(
      `https://offer.example.com/o?c=${id}&l=${link.id}&p=${encodeURIComponent(s.member.userId)}&s=rotator&subid=${id}#x`,
    );

    const post = await fetch(`${base}${postbackUrl(s, { click_id: id, txid: 'R-1', amount: '3.10' })}`);
    expect(post.status).toBe(201);
    const [conv] = await conversionRows(t.db, s.member.userId);
    expect(conv).toMatchObject({ link_id: link.id, source: 'rotator', attributed: 1, click_id: id });
  });

  it('a page click id is attributed to its link by a postback', async () => {
    const s = await seller(t.app, t.db);
    expect((await pageClick(s.linkId)).status).toBe(200);
    const id = (await eventsOf(s.member.userId))[0].click_id;
    expect(id).toMatch(ID);
    const post = await fetch(`${base}${postbackUrl(s, { click_id: id as string, txid: 'P-1', amount: '1' })}`);
    expect(post.status).toBe(201);
    expect((await conversionRows(t.db, s.member.userId))[0]).toMatchObject({ link_id: s.linkId, source: 'page', attributed: 1 });
  });

  it('a click that does not count (a bot, a repeat) carries no id: the macro is emptied, no parameter appended, nothing stored', async () => {
    const m = await member();
    const link = await addLink(t.app, m, { link: MACRO_URL, max_clicks: null, click_param: 'aff_sub' });
    const bot = await answerOf(link.id, GOOGLEBOT);
    expect(bot.counted).toBe(false);
    expect(bot.destination).toBe(`https://offer.example.com/o?c=&l=${link.id}&p=${encodeURIComponent(m.userId)}&s=page`);

    const rotBot = await rotatorVisit(m.userId, GOOGLEBOT);
    expect(rotBot.headers.get('location')).toBe(`https://offer.example.com/o?c=&l=${link.id}&p=${encodeURIComponent(m.userId)}&s=rotator`);

    // A repeat inside the profile's unique window.
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/links/rotator',
      headers: bearer(m.token),
      payload: { user_id: m.userId, unique_window_hours: 24 },
    });
    expect(set.statusCode).toBe(200);
    const first = await answerOf(link.id);
    expect(first.counted).toBe(true);
    const repeat = await answerOf(link.id);
    expect(repeat.counted).toBe(false);
    expect(repeat.destination).not.toContain('aff_sub');
    expect(repeat.destination).not.toMatch(/\{|%7B/);

    const events = await eventsOf(m.userId);
    expect(events.map((e) => [e.verdict, e.click_id === null])).toEqual([
      ['bot', true],
      ['bot', true],
      ['counted', false],
      ['repeat', true],
    ]);
    // The HEAD preview mints nothing and leaves no macro as text.
    const head = await rotatorVisit(m.userId, BROWSER_UA, 'HEAD');
    expect(head.headers.get('location')).toBe(`https://offer.example.com/o?c=&l=${link.id}&p=${encodeURIComponent(m.userId)}&s=rotator`);
    expect(await eventsOf(m.userId)).toHaveLength(4);
  });

  it('a link without macros or parameter is sent byte for byte; the finish page gets no id', async () => {
    const m = await member();
    const link = await addLink(t.app, m, { link: 'https://plain.example.com/a?b=1', max_clicks: 1 });
    const answer = await answerOf(link.id);
    expect(answer.destination).toBe('https://plain.example.com/a?b=1');
    const finish = await rotatorVisit(m.userId);
    expect(finish.status).toBe(302);
    expect(finish.headers.get('location')).toContain('/profile?userId=');
    const events = await eventsOf(m.userId);
    expect(events[0].click_id).toMatch(ID);
    expect(events[1]).toMatchObject({ link_id: null, click_id: null });
  });

  it('the click-id parameter is set and changed through linkadd and updateLink; a bad one is a 400 with its message, never a 500', async () => {
    const m = await member();
    const link = await addLink(t.app, m, { link: 'https://offer.example.com/', max_clicks: null, click_param: ' s2 ' });
    const lists = await t.app.inject({ method: 'GET', url: `/api/links/userliks?user_id=${m.userId}`, headers: bearer(m.token) });
    expect(lists.json().pending[0]).toMatchObject({ id: link.id, click_param: 's2' });
    // Others see the public lists only: no parameter.
    const anon = await t.app.inject({ method: 'GET', url: `/api/links/userliks?user_id=${m.userId}` });
    expect(anon.json().pending[0].click_param).toBeUndefined();

    for (const bad of ['sub id', '1abc', 'a&b=c', 'ä', 'x'.repeat(41)]) {
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(m.token),
        payload: { user_id: m.userId, link: 'https://o.example.com/', max_clicks: 1, click_param: bad },
      });
      expect([add.statusCode, add.json().message]).toEqual([400, CLICK_PARAM_INVALID]);
    }
    for (const bad of ['x'.repeat(300), 7, ['subid']]) {
      const upd = await t.app.inject({
        method: 'POST',
        url: '/api/links/updateLink',
        headers: bearer(m.token),
        payload: { user_id: m.userId, link_id: link.id, click_param: bad },
      });
      expect(upd.statusCode).toBe(400);
      expect(typeof upd.json().message).toBe('string');
    }
    const update = (click_param: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/links/updateLink',
        headers: bearer(m.token),
        payload: { user_id: m.userId, link_id: link.id, click_param },
      });
    expect((await update('aff_sub')).statusCode).toBe(200);
    expect((await answerOf(link.id)).destination).toMatch(/^https:\/\/offer\.example\.com\/\?aff_sub=[A-Za-z0-9_-]{22}$/);
    expect((await update('')).statusCode).toBe(200);
    expect((await answerOf(link.id)).destination).toBe('https://offer.example.com/');
    const row = await t.db.selectFrom('links').select('click_param').where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.click_param).toBeNull();
  });
});
