import { activate, bearer, engines, signupMember, useTestApp } from '../../../test/helpers';

describe.each(engines)('profile routes (%s)', (engine) => {
  const t = useTestApp(engine);

  describe('profile calls', () => {
    it('GET profile shows the spec User with inactive status until the plan is active', async () => {
      const m = await signupMember(t.app, { firstName: 'Alan', lastName: 'Turing' });
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user_id: m.userId,
        account: 'member',
        email: m.email,
        first_name: 'Alan',
        last_name: 'Turing',
        subscription_status: 'inactive',
        subscription_type: null,
        package_price: null,
        package_joined_date: null,
        package_expiry_date: null,
        title: '',
        slogan: '',
        about: '',
      });
      expect(res.body).not.toContain('password');
      await activate(t.db, m.userId);
      const after = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).json();
      expect(after.subscription_status).toBe('active');
      expect(after.package_price).toBe(144.56);
    });

    it("a sub-profile signed in on its own sees its member's plan, the one its links are added under", async () => {
      const m = await signupMember(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'Sub', lastName: 'One', phone: '+1 555 0100', email: 'sub-plan@example.com', password: 'sub-password-1' },
      });
      expect(created.statusCode).toBe(201);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'sub-plan@example.com', password: 'sub-password-1' },
      });
      const subToken = login.json().token as string;
      const before = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(subToken) })).json();
      expect(before).toMatchObject({
        user_id: created.json().user_id,
        account: 'sub-profile',
        first_name: 'Sub',
        subscription_status: 'inactive',
      });
      await activate(t.db, m.userId);
      const after = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(subToken) })).json();
      expect(after).toMatchObject({
        user_id: created.json().user_id,
        account: 'sub-profile',
        first_name: 'Sub',
        email: 'sub-plan@example.com',
        subscription_status: 'active',
        package_price: 144.56,
      });
      // the member's own profile still says 'member'
      const own = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).json();
      expect(own.account).toBe('member');
    });

    it('shows an expired plan as inactive', async () => {
      const m = await signupMember(t.app);
      await activate(t.db, m.userId, new Date(Date.now() - 1000).toISOString());
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) });
      expect(res.json().subscription_status).toBe('inactive');
    });

    it('updateProfile changes what aboutProfile shows', async () => {
      const m = await signupMember(t.app);
      const upd = await t.app.inject({
        method: 'POST',
        url: '/api/auth/updateProfile',
        headers: bearer(m.token),
        payload: { first_name: 'New', last_name: 'Name', title: 'My <b>title</b>', slogan: 'Go', about: 'About me' },
      });
      expect(upd.statusCode).toBe(200);
      expect(upd.json()).toEqual({ message: 'Profile updated successfully' });
      const about = await t.app.inject({ method: 'GET', url: '/api/auth/aboutProfile', headers: bearer(m.token) });
      expect(about.json()).toEqual({ title: 'My <b>title</b>', slogan: 'Go', about: 'About me', first_name: 'New', last_name: 'Name' });
    });

    it('updateProfile refuses an empty first name', async () => {
      const m = await signupMember(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/updateProfile',
        headers: bearer(m.token),
        payload: { first_name: '', last_name: 'X' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('First name is required.');
    });

    it('sub-profiles is an empty list for a new member', async () => {
      const m = await signupMember(t.app);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/sub-profiles', headers: bearer(m.token) });
      expect(res.json()).toEqual({ subProfiles: [] });
    });

    it.each(['/api/auth/profile', '/api/auth/sub-profiles', '/api/auth/aboutProfile'])(
      '%s without a token is 401 Token is missing',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Token is missing', message: 'Token is missing', code: 'token-missing' });
      },
    );
  });
});
