import { addLink, activate, browser, engines, signupMember, useTestApp } from '../../../../test/helpers';

describe.each(engines)('public answers: ETag and 304 (%s)', (engine) => {
  const t = useTestApp(engine);

  it('a repeated read with If-None-Match gets 304 without a body until a click changes the answer', async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    const added = await addLink(t.app, m, { link: 'https://a.example.com', max_clicks: 3 });
    const url = `/api/public/userliks?user_id=${m.userId}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    for (let i = 0; i < 2; i++) {
      // The first comes from the database path, the second from the cache: both answer 304.
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }

    await t.app.inject({
      method: 'POST',
      url: '/api/public/increment-clicks',
      headers: browser(),
      payload: { link_id: added.id },
    });
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().pending[0].clicks).toBe(1);
    expect(changed.headers.etag).not.toBe(etag);

    const profile = await t.app.inject({ method: 'GET', url: `/api/public/publicProfile?user_id=${m.userId}` });
    const cached = await t.app.inject({
      method: 'GET',
      url: `/api/public/publicProfile?user_id=${m.userId}`,
      headers: { 'if-none-match': String(profile.headers.etag).replace('W/', '') },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('an unknown profile is a 404 with no ETag, and stays one', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/public/userliks?user_id=nobody-here-at-all-xx' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.etag).toBeUndefined();
    }
  });
});
