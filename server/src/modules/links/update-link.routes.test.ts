import { addLink, activate, bearer, engines, signupMember, useTestApp, type Member, browser } from '../../../test/helpers';
import { NOTHING_TO_CHANGE } from './update-link';

/** POST /api/links/updateLink (issue 13); ownership by another member is in test/ownership.test.ts. */
describe.each(engines)('updateLink (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;

  const add = (link: string, max_clicks: number | null, name = '') => addLink(t.app, m, { link, max_clicks, name });
  const update = (payload: Record<string, unknown>, token = m.token) =>
    t.app.inject({ method: 'POST', url: '/api/links/updateLink', headers: bearer(token), payload });
  const click = (linkId: string) =>
    t.app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers: browser(), payload: { link_id: linkId } });
  const lists = async () => (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}` })).json();

  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  it('changes the name, URL and cap, and the visitor page shows the new link', async () => {
    const a = await add('https://old.example.com', 5, 'Old');
    const res = await update({ link_id: a.id, user_id: m.userId, name: '  New name ', link: 'www.new.example.com/ref?x=1', max_clicks: 9 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Link updated successfully',
      link: { id: a.id, name: 'New name', link: 'https://www.new.example.com/ref?x=1', clicks: 0, max_clicks: 9 },
    });
    expect((await lists()).pending).toEqual([res.json().link]);
  });

  it('changes only the fields it is given; null makes the cap unlimited', async () => {
    const a = await add('https://a.example.com', 5, 'Keep');
    const res = await update({ link_id: a.id, user_id: m.userId, max_clicks: null });
    expect(res.json().link).toEqual({ id: a.id, name: 'Keep', link: 'https://a.example.com', clicks: 0, max_clicks: null });
    const renamed = await update({ link_id: a.id, user_id: m.userId, name: '' });
    expect(renamed.json().link).toMatchObject({ name: '', link: 'https://a.example.com', max_clicks: null });
  });

  it('a cap set at or below the clicks already counted completes the link at once, keeping its clicks; the next link is live', async () => {
    const a = await add('https://a.example.com', 10);
    const b = await add('https://b.example.com', 10);
    for (let i = 0; i < 4; i++) expect((await click(a.id)).statusCode).toBe(200);
    const res = await update({ link_id: a.id, user_id: m.userId, max_clicks: 2 });
    expect(res.json().link).toMatchObject({ clicks: 4, max_clicks: 2 });
    const l = await lists();
    expect(l.completed).toEqual([{ id: a.id, name: '', link: 'https://a.example.com', clicks: 4, max_clicks: 2 }]);
    expect(l.pending.map((x: { id: string }) => x.id)).toEqual([b.id]);
    // The completed link takes no more clicks; the new head does.
    expect((await click(a.id)).statusCode).toBe(409);
    expect((await click(b.id)).statusCode).toBe(200);
  });

  it('raising the cap of a completed link makes it pending again, in its place in the queue', async () => {
    const a = await add('https://a.example.com', 1);
    const b = await add('https://b.example.com', 3);
    await click(a.id);
    expect((await lists()).pending.map((x: { id: string }) => x.id)).toEqual([b.id]);
    await update({ link_id: a.id, user_id: m.userId, max_clicks: 3 });
    expect((await lists()).pending.map((x: { id: string; clicks: number }) => [x.id, x.clicks])).toEqual([
      [a.id, 1],
      [b.id, 0],
    ]);
  });

  it("edits a sub-profile's link for its member", async () => {
    const sub = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'S', lastName: 'P', phone: '12345' },
      })
    ).json().user_id;
    const l = await addLink(t.app, m, { link: 'https://s.example.com', max_clicks: 1, user_id: sub });
    const res = await update({ link_id: l.id, user_id: sub, name: 'Sub link' });
    expect(res.statusCode).toBe(200);
    expect(res.json().link.name).toBe('Sub link');
  });

  it.each(['javascript:alert(1)', 'example.com'])('refuses the URL %s with the linkadd message and changes nothing', async (link) => {
    const a = await add('https://a.example.com', 5, 'A');
    const res = await update({ link_id: a.id, user_id: m.userId, link, name: 'B' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "URL must start with 'https://' or 'www.'",
      message: "URL must start with 'https://' or 'www.'",
      code: 'invalid',
    });
    expect((await lists()).pending[0]).toMatchObject({ name: 'A', link: 'https://a.example.com' });
  });

  it('refuses a bad cap, an empty URL and a call with nothing to change (400)', async () => {
    const a = await add('https://a.example.com', 5);
    for (const max_clicks of [0, -3, 2.5, '7']) {
      const res = await update({ link_id: a.id, user_id: m.userId, max_clicks });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Max clicks must be/);
    }
    expect((await update({ link_id: a.id, user_id: m.userId, link: '' })).json().error).toBe('URL is required.');
    const nothing = await update({ link_id: a.id, user_id: m.userId });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error).toBe(NOTHING_TO_CHANGE);
  });

  it('an unknown link, or a link of another of the caller’s profiles, is 404; an unknown profile is 404', async () => {
    const a = await add('https://a.example.com', 5);
    const sub = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'S', lastName: 'P', phone: '12345' },
      })
    ).json().user_id;
    for (const payload of [
      { link_id: 'nope', user_id: m.userId },
      { link_id: a.id, user_id: sub },
    ]) {
      const res = await update({ ...payload, name: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Link not found.');
    }
    const unknownUser = await update({ link_id: a.id, user_id: 'no-such-user', name: 'x' });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().error).toBe('User not found.');
  });

  it('works on a lapsed plan (only adding needs an active one)', async () => {
    const a = await add('https://a.example.com', 5);
    await t.db.updateTable('users').set({ subscription_status: 'inactive' }).where('id', '=', m.userId).execute();
    expect((await update({ link_id: a.id, user_id: m.userId, max_clicks: 6 })).statusCode).toBe(200);
  });
});
