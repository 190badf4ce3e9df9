import { API_KEY_SCOPES } from '@rotalink/shared-api/contract';
import { activate, adminToken, bearer, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { keyLacksScope, NOT_YOUR_PROFILE } from '../../access/grants';
import { clickWithId, seller } from '../conversions/conversions.test-helper';
import { LINK_NOT_FOUND } from '../links';
import { CURSOR_INVALID } from './cursor';
import { keyOf, serve, v1 } from './v1.test-helper';

/** Issue 31: every /api/v1 call over HTTP with an API key, its refusals, and its paging. */
describe.each(engines)('the public REST API /api/v1 (%s)', (engine) => {
  const t = useTestApp(engine);
  let base: string;
  let m: Member;
  let other: Member;
  let sub: string;
  let all: string;
  const range = () =>
    `from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}`;
  const linksOf = (profileId: string) => `/api/v1/profiles/${profileId}/links`;

  beforeAll(async () => {
    base = await serve(t.app);
    m = await signupMember(t.app);
    other = await signupMember(t.app);
    await activate(t.db, m.userId);
    await activate(t.db, other.userId);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(m.token),
      payload: { firstName: 'Sub', lastName: 'Profile', phone: '12345' },
    });
    sub = created.json().user_id;
    all = (await keyOf(t.app, m, API_KEY_SCOPES, 'everything')).secret;
  });

  it('lists the account’s profiles, paged by cursor', async () => {
    const first = await v1(base, all, 'GET', '/api/v1/profiles?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([{ id: m.userId, name: 'Ada Lovelace', parent_id: null, created_at: expect.any(String) }]);
    const second = await v1(base, all, 'GET', `/api/v1/profiles?limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body).toEqual({
      data: [expect.objectContaining({ id: sub, name: 'Sub Profile', parent_id: m.userId })],
      next_cursor: null,
    });
    // A member's own token works too; another member sees only its own.
    const theirs = await v1(base, other.token, 'GET', '/api/v1/profiles');
    expect(theirs.body.data.map((p: { id: string }) => p.id)).toEqual([other.userId]);
  });

  it('creates, reads, edits, pauses, resumes, resets, reorders and deletes links', async () => {
    const made = await v1(base, all, 'POST', linksOf(sub), { body: { link: 'www.offer.example.com/a', max_clicks: 5, name: 'A' } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'A',
      link: 'https://www.offer.example.com/a',
      status: 'pending',
      clicks: 0,
      max_clicks: 5,
      paused_at: null,
    });
    const a = made.body.id;
    const b = (await v1(base, all, 'POST', linksOf(sub), { body: { link: 'https://offer.example.com/b' } })).body;
    expect(b).toMatchObject({ max_clicks: null, position: made.body.position + 1 });

    expect((await v1(base, all, 'GET', `${linksOf(sub)}/${a}`)).body.id).toBe(a);
    const edited = await v1(base, all, 'PATCH', `${linksOf(sub)}/${a}`, { body: { name: 'A2', max_clicks: 9 } });
    expect(edited.body).toMatchObject({ id: a, name: 'A2', max_clicks: 9 });

    const paused = await v1(base, all, 'POST', `${linksOf(sub)}/${a}/pause`);
    expect(paused.body).toMatchObject({ status: 'paused', paused_by: 'owner', pause_reason: 'Paused by you' });
    expect((await v1(base, all, 'POST', `${linksOf(sub)}/${a}/resume`)).body).toMatchObject({ status: 'pending', paused_at: null });

    const reordered = await v1(base, all, 'POST', `${linksOf(sub)}/reorder`, { body: { link_ids: [b.id, a] } });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.map((l: { id: string }) => l.id)).toEqual([b.id, a]);
    // The spec's own read sees the same queue.
    const spec = await t.app.inject({ method: 'GET', url: `/api/links/userliks?user_id=${sub}`, headers: bearer(m.token) });
    expect(spec.json().pending.map((l: { id: string }) => l.id)).toEqual([b.id, a]);

    const reset = await v1(base, all, 'POST', `${linksOf(sub)}/${b.id}/reset`);
    expect(reset.body).toMatchObject({ id: b.id, clicks: 0 });
    expect((await v1(base, all, 'GET', `${linksOf(sub)}?status=pending`)).body.data.map((l: { id: string }) => l.id)).toEqual([a, b.id]);

    const gone = await v1(base, all, 'DELETE', `${linksOf(sub)}/${b.id}`);
    expect({ status: gone.status, body: gone.body }).toEqual({ status: 204, body: null });
    const again = await v1(base, all, 'DELETE', `${linksOf(sub)}/${b.id}`);
    expect(again).toMatchObject({ status: 404, body: { code: 'not-found', error: LINK_NOT_FOUND, message: LINK_NOT_FOUND } });
    await v1(base, all, 'DELETE', `${linksOf(sub)}/${a}`);
  });

  it('answers a rule’s refusal with the spec’s body and code', async () => {
    const bad = await v1(base, all, 'POST', linksOf(m.userId), { body: { link: 'ftp://nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.any(String), message: bad.body.error, code: 'invalid' });
    const unknown = await v1(base, all, 'POST', linksOf(m.userId), { body: { link: 'https://x.example.com', extra: 1 } });
    expect(unknown.status).toBe(201);
    expect(unknown.body).not.toHaveProperty('extra');
    const inactive = await signupMember(t.app);
    const key = (await keyOf(t.app, inactive, ['links:write'])).secret;
    const plan = await v1(base, key, 'POST', linksOf(inactive.userId), { body: { link: 'https://x.example.com' } });
    expect(plan.body.code).toBe('plan-inactive');
  });

  it('pages a list longer than its limit, in queue order, and refuses a cursor of another list', async () => {
    const key = (await keyOf(t.app, other, ['links:read', 'links:write'])).secret;
    const mine: string[] = [];
    for (let i = 0; i < 7; i++)
      mine.push((await v1(base, key, 'POST', linksOf(other.userId), { body: { link: `https://o.example.com/${i}` } })).body.id);
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { data: Array<{ id: string }>; next_cursor: string | null } } = await v1(
        base,
        key,
        'GET',
        `${linksOf(other.userId)}?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      pages.push(res.body.data.map((l) => l.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(mine);

    const first = await v1(base, key, 'GET', `${linksOf(other.userId)}?limit=3`);
    const wrongList = await v1(base, key, 'GET', `${linksOf(other.userId)}?limit=3&status=pending&cursor=${first.body.next_cursor}`);
    const junk = await v1(base, key, 'GET', `${linksOf(other.userId)}?cursor=not-a-cursor`);
    for (const res of [wrongList, junk])
      expect(res).toMatchObject({ status: 400, body: { code: 'cursor-invalid', message: CURSOR_INVALID } });
    const tooMany = await v1(base, key, 'GET', `${linksOf(other.userId)}?limit=101`);
    expect(tooMany).toMatchObject({ status: 400, body: { code: 'invalid' } });
  });

  it('reads and changes rotator settings, and reads stats', async () => {
    const read = await v1(base, all, 'GET', `/api/v1/profiles/${sub}/rotator`);
    expect(read.body).toMatchObject({ rotator_url: expect.stringContaining(`/r/${sub}`), mode: expect.any(String) });
    const changed = await v1(base, all, 'PATCH', `/api/v1/profiles/${sub}/rotator`, {
      body: { mode: 'round_robin', unique_window_hours: 0 },
    });
    expect(changed.body).toMatchObject({ mode: 'round_robin', unique_window_hours: 0 });
    const backup = await v1(base, all, 'PATCH', `/api/v1/profiles/${sub}/rotator`, { body: { on_finish: 'backup' } });
    expect(backup).toMatchObject({ status: 400, body: { code: 'invalid' } });

    const summary = await v1(base, all, 'GET', `/api/v1/profiles/${sub}/stats/summary?${range()}`);
    expect(summary.body).toMatchObject({ user_id: sub, totals: expect.any(Object), links: expect.any(Array) });
    const series = await v1(base, all, 'GET', `/api/v1/profiles/${sub}/stats/series?${range()}&interval=hour&tz=Europe/Berlin`);
    expect(series.body).toMatchObject({ user_id: sub, interval: 'hour', tz: 'Europe/Berlin', buckets: expect.any(Array) });
    const foreign = await v1(base, all, 'GET', `/api/v1/profiles/${sub}/stats/series?${range()}&interval=day&link_id=nope`);
    expect(foreign).toMatchObject({ status: 400, body: { message: 'link_id is not a link of this profile.' } });
  });

  it('refuses a key without the scope (403 naming it), another account’s profile, and bad keys (401)', async () => {
    const reader = await keyOf(t.app, m, ['links:read']);
    const write = await v1(base, reader.secret, 'POST', linksOf(m.userId), { body: { link: 'https://x.example.com' } });
    expect(write).toMatchObject({ status: 403, body: { code: 'scope-missing', message: keyLacksScope('links:write') } });
    const stats = await v1(base, reader.secret, 'GET', `/api/v1/profiles/${m.userId}/stats/summary?${range()}`);
    expect(stats.body).toMatchObject({ code: 'scope-missing', message: keyLacksScope('stats:read') });
    const conv = await v1(base, reader.secret, 'POST', `/api/v1/profiles/${m.userId}/conversions`, { body: { txid: 't-1' } });
    expect(conv.body).toMatchObject({ code: 'scope-missing', message: keyLacksScope('conversions:write') });
    const theirs = await v1(base, all, 'GET', linksOf(other.userId));
    expect(theirs).toMatchObject({ status: 403, body: { code: 'forbidden', message: NOT_YOUR_PROFILE } });

    const revoked = await keyOf(t.app, m, ['links:read']);
    await t.app.inject({ method: 'POST', url: `/api/account/api-keys/${revoked.id}/revoke`, headers: bearer(m.token) });
    expect((await v1(base, revoked.secret, 'GET', '/api/v1/profiles')).body).toMatchObject({ code: 'api-key-revoked' });
    const expired = await keyOf(t.app, m, ['links:read']);
    await t.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    const late = await v1(base, expired.secret, 'GET', '/api/v1/profiles');
    expect({ status: late.status, code: late.body.code }).toEqual({ status: 401, code: 'api-key-expired' });
    const forged = await v1(base, `${all.slice(0, -4)}AAAA`, 'GET', '/api/v1/profiles');
    expect({ status: forged.status, code: forged.body.code }).toEqual({ status: 401, code: 'api-key-invalid' });
    const none = await fetch(`${base}/api/v1/profiles`);
    expect({ status: none.status, code: ((await none.json()) as { code: string }).code }).toEqual({ status: 401, code: 'token-missing' });
  });

  it('never lets a key reach the admin console, even one with every scope', async () => {
    for (const url of ['/api/admin/allusers', `/api/admin/users/${m.userId}`, '/api/admin/activity']) {
      const res = await fetch(`${base}${url}`, { headers: bearer(all) });
      expect({ url, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({
        url,
        status: 403,
        code: 'forbidden',
      });
    }
    // And the admin's token gets nothing from the member API.
    const admin = await v1(base, await adminToken(t), 'GET', '/api/v1/profiles');
    expect({ status: admin.status, code: admin.body.code }).toEqual({ status: 403, code: 'forbidden' });
  });

  it('records a conversion on the key’s own click, once per txid, and refuses another profile’s click', async () => {
    const s = await seller(t.app, t.db);
    const key = (await keyOf(t.app, s.member, ['conversions:write'])).secret;
    const clickId = await clickWithId(t.app, t.db, s, new Date(Date.now() - 60_000));
    const url = `/api/v1/profiles/${s.member.userId}/conversions`;
    const sale = await v1(base, key, 'POST', url, { body: { txid: 'order-1', click_id: clickId, amount: '19.90', currency: 'USD' } });
    expect(sale).toMatchObject({ status: 201, body: { status: 'recorded', conversion_id: expect.any(String) } });
    const twice = await v1(base, key, 'POST', url, { body: { txid: 'order-1', click_id: clickId, amount: '19.90' } });
    expect(twice.body).toEqual({ status: 'duplicate', conversion_id: sale.body.conversion_id });
    const row = await t.db.selectFrom('conversions').selectAll().where('id', '=', sale.body.conversion_id).executeTakeFirstOrThrow();
    expect({ via: row.via, link: row.link_id, minor: Number(row.amount_minor) }).toEqual({ via: 'api', link: s.linkId, minor: 1990 });
    const plain = await v1(base, key, 'POST', url, { body: { txid: 'order-2' } });
    expect(plain.body.status).toBe('unattributed');

    // Someone else's click, named on this profile: refused, nothing recorded.
    const s2 = await seller(t.app, t.db, 'Theirs');
    const theirClick = await clickWithId(t.app, t.db, s2, new Date(Date.now() - 60_000));
    const stolen = await v1(base, key, 'POST', url, { body: { txid: 'order-3', click_id: theirClick } });
    expect(stolen).toMatchObject({ status: 404, body: { code: 'click-not-found' } });
    // And the key cannot record on the other seller's profile at all.
    const elsewhere = await v1(base, key, 'POST', `/api/v1/profiles/${s2.member.userId}/conversions`, { body: { txid: 'order-4' } });
    expect(elsewhere).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const rows = await t.db.selectFrom('conversions').select('txid').where('user_id', 'in', [s.member.userId, s2.member.userId]).execute();
    expect(rows.map((r) => r.txid).sort()).toEqual(['order-1', 'order-2']);
  });
});
