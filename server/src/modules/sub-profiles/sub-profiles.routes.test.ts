import { activate, bearer, engines, loginMember, signupMember, useTestApp, type Member } from '../../../test/helpers';

describe.each(engines)('sub-profile routes (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  const create = (payload: Record<string, unknown>, token = m.token) =>
    t.app.inject({ method: 'POST', url: '/api/auth/subprofile', headers: bearer(token), payload });

  beforeEach(async () => {
    m = await signupMember(t.app);
  });

  it('creates a sub-profile that lists under its member', async () => {
    const res = await create({ firstName: 'Sub', lastName: 'One', email: '', phone: '+44 20 7946 0000', password: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'SUCCESS', message: 'Sub-profile created successfully', user_id: expect.any(String) });
    const list = (await t.app.inject({ method: 'GET', url: '/api/auth/sub-profiles', headers: bearer(m.token) })).json();
    expect(list.subProfiles).toEqual([
      {
        user_id: res.json().user_id,
        first_name: 'Sub',
        last_name: 'One',
        email: null,
        phone: '+44 20 7946 0000',
        title: '',
        slogan: '',
        about: '',
      },
    ]);
  });

  it('requires first name, last name and phone', async () => {
    expect((await create({ lastName: 'X', phone: '12345' })).json().error).toBe('First name is required.');
    expect((await create({ firstName: 'X', lastName: 'Y' })).json().error).toBe('Phone is required.');
    expect((await create({ firstName: 'X', lastName: 'Y', phone: 'call me' })).json().error).toBe('Phone is not valid.');
  });

  it('refuses an email already used by any account', async () => {
    const res = await create({ firstName: 'S', lastName: 'P', phone: '12345', email: m.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Email is already registered');
  });

  it('getsubprofile and updatesubprofile read and change it', async () => {
    const id = (await create({ firstName: 'S', lastName: 'P', phone: '12345' })).json().user_id;
    const upd = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updatesubprofile',
      headers: bearer(m.token),
      payload: {
        userId: id,
        first_name: 'New',
        last_name: 'Name',
        email: 'sub@example.com',
        phone: '67890',
        title: 'T',
        slogan: 'S',
        about: 'A',
        password: '',
      },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toEqual({ status: 'SUCCESS', message: 'Sub-profile updated successfully' });
    const get = await t.app.inject({ method: 'GET', url: `/api/auth/getsubprofile/${id}`, headers: bearer(m.token) });
    expect(get.json()).toEqual({
      status: 'SUCCESS',
      subProfiles: [
        {
          user_id: id,
          first_name: 'New',
          last_name: 'Name',
          email: 'sub@example.com',
          phone: '67890',
          title: 'T',
          slogan: 'S',
          about: 'A',
        },
      ],
    });
  });

  it("updatesubprofile refuses another account's email and keeps its own", async () => {
    const id = (await create({ firstName: 'S', lastName: 'P', phone: '12345', email: 'keep@example.com' })).json().user_id;
    const body = { userId: id, first_name: 'S', last_name: 'P', phone: '12345' };
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updatesubprofile',
      headers: bearer(m.token),
      payload: { ...body, email: m.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Email is already registered');
    const same = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updatesubprofile',
      headers: bearer(m.token),
      payload: { ...body, email: 'KEEP@example.com' },
    });
    expect(same.statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updatesubprofile',
      headers: bearer(m.token),
      payload: { ...body, userId: 'no-such-id' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('User not found.');
  });

  it('getsubprofile of an unknown id is 404, of the member itself 403', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/getsubprofile/unknown-id', headers: bearer(m.token) });
    expect(unknown.statusCode).toBe(404);
    const self = await t.app.inject({ method: 'GET', url: `/api/auth/getsubprofile/${m.userId}`, headers: bearer(m.token) });
    expect(self.statusCode).toBe(403);
  });

  it('a sub-profile with a password signs in and manages only itself', async () => {
    await activate(t.db, m.userId);
    const id = (
      await create({ firstName: 'S', lastName: 'P', phone: '12345', email: 'login-sub@example.com', password: 'sub-password-1' })
    ).json().user_id;
    const subToken = await loginMember(t.app, 'login-sub@example.com', 'sub-password-1');
    const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(subToken) })).json();
    expect(profile.user_id).toBe(id);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/links/linkadd',
      headers: bearer(subToken),
      payload: { link: 'https://x.example.com', max_clicks: 1, user_id: id },
    });
    expect(add.statusCode).toBe(201);
    const onParent = await t.app.inject({
      method: 'POST',
      url: '/api/links/linkadd',
      headers: bearer(subToken),
      payload: { link: 'https://x.example.com', max_clicks: 1, user_id: m.userId },
    });
    expect(onParent.statusCode).toBe(403);
    const nested = await create({ firstName: 'N', lastName: 'N', phone: '12345' }, subToken);
    expect(nested.statusCode).toBe(403);
    expect(nested.json().error).toBe('A sub-profile cannot have sub-profiles of its own.');
  });

  it("a new password ends the sub-profile's older sessions", async () => {
    const id = (
      await create({ firstName: 'S', lastName: 'P', phone: '12345', email: 'rot@example.com', password: 'first-password' })
    ).json().user_id;
    const old = await loginMember(t.app, 'rot@example.com', 'first-password');
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updatesubprofile',
      headers: bearer(m.token),
      payload: { userId: id, first_name: 'S', last_name: 'P', phone: '12345', email: 'rot@example.com', password: 'second-password' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(old) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Unauthorized: jwt expired');
    expect(await loginMember(t.app, 'rot@example.com', 'second-password')).toEqual(expect.any(String));
  });

  describe('at most 50 per member, listed in pages when asked', () => {
    const list = (query = '', token = m.token) =>
      t.app.inject({ method: 'GET', url: `/api/auth/sub-profiles${query}`, headers: bearer(token) });

    it('the 51st sub-profile is refused with 409 sub-profile-limit; the list stays whole without paging', async () => {
      for (let i = 0; i < 50; i++) expect((await create({ firstName: `Sub${i}`, lastName: 'Cap', phone: '12345' })).statusCode).toBe(201);
      const refused = await create({ firstName: 'One', lastName: 'Too many', phone: '12345' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'A member can have at most 50 sub-profiles.',
        message: 'A member can have at most 50 sub-profiles.',
        code: 'sub-profile-limit',
      });
      const all = (await list()).json();
      expect(all.subProfiles).toHaveLength(50);
      expect(all).not.toHaveProperty('total');
      // Pages of 20: 20, 20, 10, then none; each sub-profile exactly once (oldest first; ties by id).
      const pages = [];
      for (let page = 1; page <= 4; page++) {
        const res = await list(`?page=${page}&pageSize=20`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ page, pageSize: 20, total: 50 });
        pages.push(res.json().subProfiles.map((p: { first_name: string }) => p.first_name));
      }
      expect(pages.map((p) => p.length)).toEqual([20, 20, 10, 0]);
      expect([...pages.flat()].sort()).toEqual(Array.from({ length: 50 }, (_, i) => `Sub${i}`).sort());
      expect(pages.flat()).toEqual(all.subProfiles.map((p: { first_name: string }) => p.first_name));
      expect((await list('?page=2')).json()).toMatchObject({ page: 2, pageSize: 50, total: 50, subProfiles: [] });
      // Another member is not affected by this one's cap.
      const other = await signupMember(t.app);
      expect((await create({ firstName: 'Free', lastName: 'Member', phone: '12345' }, other.token)).statusCode).toBe(201);
    });

    it.each([
      ['?page=0', 'Page is not valid.'],
      ['?page=abc', 'Page is not valid.'],
      ['?pageSize=51', 'Page size is not valid.'],
      ['?pageSize=0', 'Page size is not valid.'],
      ['?page=1&pageSize=-5', 'Page size is not valid.'],
    ])('a bad page (%s) is a 400 naming it', async (query, message) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, message, code: 'invalid' });
    });
  });
});
