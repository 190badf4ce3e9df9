import { activate, bearer, engines, loginMember, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { NOT_A_SUB_PROFILE_TO_DELETE, SUB_CANNOT_DELETE } from './sub-profiles.service';

/** POST /api/auth/deletesubprofile (issue 13). Another member's attempt is in test/ownership.test.ts. */
describe.each(engines)('delete a sub-profile (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  let seq = 0;

  const createSub = async (extra: Record<string, unknown> = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'S', lastName: `P${++seq}`, phone: '12345', ...extra },
      })
    ).json().user_id as string;
  const remove = (userId: unknown, token = m.token) =>
    t.app.inject({ method: 'POST', url: '/api/auth/deletesubprofile', headers: bearer(token), payload: { userId } });
  const subIds = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/sub-profiles', headers: bearer(m.token) }))
      .json()
      .subProfiles.map((s: { user_id: string }) => s.user_id);

  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  it('deletes the sub-profile with its links and public page; the member and the other sub-profiles stay', async () => {
    const gone = await createSub();
    const kept = await createSub();
    for (const userId of [gone, kept, m.userId]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(m.token),
        payload: { link: 'https://x.example.com', max_clicks: 3, user_id: userId },
      });
    }
    const res = await remove(gone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', message: 'Sub-profile deleted successfully' });
    expect(await subIds()).toEqual([kept]);
    expect(await t.db.selectFrom('links').select('id').where('user_id', '=', gone).execute()).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${gone}` });
    expect(page.statusCode).toBe(404);
    for (const userId of [kept, m.userId]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${userId}` })).json().pending).toHaveLength(1);
    }
    // Again: it is gone.
    const again = await remove(gone);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('User not found.');
  });

  it("ends the deleted sub-profile's own sessions", async () => {
    const id = await createSub({ email: `sub-${Date.now()}@example.com`, password: 'sub-password-1' });
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email as string;
    const subToken = await loginMember(t.app, email, 'sub-password-1');
    expect((await remove(id)).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(subToken) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('Unauthorized: jwt expired');
    // and its email is free again
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'sub-password-1' } })).statusCode,
    ).toBe(401);
  });

  it('a sub-profile signed in on its own can delete neither itself nor a sibling (403)', async () => {
    const self = await createSub({ email: `self-${Date.now()}@example.com`, password: 'sub-password-1' });
    const sibling = await createSub();
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', self).executeTakeFirstOrThrow()).email as string;
    const subToken = await loginMember(t.app, email, 'sub-password-1');
    const own = await remove(self, subToken);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: SUB_CANNOT_DELETE, message: SUB_CANNOT_DELETE, code: 'forbidden' });
    const other = await remove(sibling, subToken);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('You can only manage your own profile and sub-profiles.');
    const parent = await remove(m.userId, subToken);
    expect(parent.statusCode).toBe(403);
    expect((await subIds()).sort()).toEqual([self, sibling].sort());
  });

  it('the member cannot delete its own account here (403); an unknown id is 404; a bad id is 400', async () => {
    const self = await remove(m.userId);
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe(NOT_A_SUB_PROFILE_TO_DELETE);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).statusCode).toBe(200);
    const unknown = await remove('no-such-profile');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'User not found.', message: 'User not found.', code: 'not-found' });
    for (const bad of ['', 'x y', 42, null]) expect((await remove(bad)).statusCode).toBe(400);
  });

  it('without a token: 401 Token is missing', async () => {
    const id = await createSub();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/deletesubprofile', payload: { userId: id } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Token is missing');
    expect(await subIds()).toEqual([id]);
  });
});
