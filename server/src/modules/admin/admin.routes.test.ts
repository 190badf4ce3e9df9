import { addLink, activate, adminToken, bearer, engines, signupMember, useTestApp } from '../../../test/helpers';

describe.each(engines)('admin routes (%s)', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  beforeAll(async () => {
    admin = await adminToken(t);
  });

  it('adminlogin answers Isadmin and a token; bad credentials 401', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/adminlogin',
      payload: { username: 'admin', password: t.config.adminPassword },
    });
    expect(ok.json()).toEqual({ Isadmin: 'Isadmin', token: expect.any(String) });
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/adminlogin', payload: { username: 'admin', password: 'nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'Invalid username or password', message: 'Invalid username or password', code: 'bad-credentials' });
  });

  it('allusers lists members with their sub-profile count, not the sub-profiles', async () => {
    const m = await signupMember(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(m.token),
      payload: { firstName: 'S', lastName: 'P', phone: '12345' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/allusers', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const users = res.json();
    const mine = users.find((u: { user_id: string }) => u.user_id === m.userId);
    expect(mine).toMatchObject({ email: m.email, sub_profile_count: 1, subscription_status: 'inactive', created_at: expect.any(String) });
    expect(users.every((u: { sub_profile_count: number }) => typeof u.sub_profile_count === 'number')).toBe(true);
    expect(res.body).not.toContain('password');
  });

  it('updateUser sets the membership from the spec date format', async () => {
    const m = await signupMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/updateUser/${m.userId}`,
      headers: bearer(admin),
      payload: {
        package_price: 144.56,
        package_joined_date: '2026-01-02 03:04:05',
        package_expiry_date: '2099-12-31 23:59:59',
        subscription_status: 'active',
        subscription_type: 'yearly',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'User updated successfully',
      user: expect.objectContaining({
        user_id: m.userId,
        package_price: 144.56,
        package_joined_date: '2026-01-02T03:04:05.000Z',
        package_expiry_date: '2099-12-31T23:59:59.000Z',
        subscription_status: 'active',
        subscription_type: 'yearly',
        sub_profile_count: 0,
      }),
    });
    const row = await t.db.selectFrom('users').select('package_price_cents').where('id', '=', m.userId).executeTakeFirstOrThrow();
    expect(row.package_price_cents).toBe(14456);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).json();
    expect(profile.subscription_status).toBe('active');
  });

  it('updateUser refuses an impossible date and an unknown user', async () => {
    const m = await signupMember(t.app);
    const body = {
      package_price: 1,
      package_joined_date: '2026-02-31 00:00:00',
      package_expiry_date: null,
      subscription_status: 'active',
      subscription_type: 'monthly',
    };
    const bad = await t.app.inject({ method: 'POST', url: `/api/admin/updateUser/${m.userId}`, headers: bearer(admin), payload: body });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Joined date must be a date like 2026-01-31 12:00:00.');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/updateUser/nobody',
      headers: bearer(admin),
      payload: { ...body, package_joined_date: null },
    });
    expect(unknown.statusCode).toBe(404);
    const badStatus = await t.app.inject({
      method: 'POST',
      url: `/api/admin/updateUser/${m.userId}`,
      headers: bearer(admin),
      payload: { ...body, package_joined_date: null, subscription_status: 'gold' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error).toBe('Subscription status is not one of the allowed values.');
  });

  it('updateUser refuses a sub-profile (its plan is its member’s) and an expiry not after the joined date', async () => {
    const m = await signupMember(t.app);
    const subId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'S', lastName: 'P', phone: '12345' },
      })
    ).json().user_id;
    const body = {
      package_price: 144.56,
      package_joined_date: '2026-01-01 00:00:00',
      package_expiry_date: null,
      subscription_status: 'active',
      subscription_type: 'monthly',
    };
    const update = (userId: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/updateUser/${userId}`, headers: bearer(admin), payload });

    const sub = await update(subId, body);
    expect(sub.statusCode).toBe(400);
    expect(sub.json()).toEqual({
      error: 'This is a sub-profile: it uses its member’s plan. Edit the member instead.',
      message: 'This is a sub-profile: it uses its member’s plan. Edit the member instead.',
      code: 'invalid',
    });
    const subRow = await t.db
      .selectFrom('users')
      .select(['subscription_status', 'package_price_cents'])
      .where('id', '=', subId)
      .executeTakeFirstOrThrow();
    expect(subRow).toEqual({ subscription_status: 'inactive', package_price_cents: null });

    for (const expiry of ['2025-12-31 23:59:59', '2026-01-01 00:00:00', '2026-01-01']) {
      const res = await update(m.userId, { ...body, package_expiry_date: expiry });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Expiry date must be after the joined date.');
    }
    expect(
      (await t.db.selectFrom('users').select('subscription_status').where('id', '=', m.userId).executeTakeFirstOrThrow())
        .subscription_status,
    ).toBe('inactive');
    const ok = await update(m.userId, { ...body, package_expiry_date: '2027-01-01 00:00:00' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      package_joined_date: '2026-01-01T00:00:00.000Z',
      package_expiry_date: '2027-01-01T00:00:00.000Z',
    });
  });

  it('userslinks shows a user’s links; userdelete removes the user, sub-profiles and links', async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    const subId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: bearer(m.token),
        payload: { firstName: 'S', lastName: 'P', phone: '12345' },
      })
    ).json().user_id;
    await addLink(t.app, m, { link: 'https://m.example.com', max_clicks: 2 });
    await addLink(t.app, m, { link: 'https://s.example.com', max_clicks: 2, user_id: subId });
    const links = await t.app.inject({ method: 'GET', url: `/api/admin/userslinks/${m.userId}`, headers: bearer(admin) });
    expect(links.json()).toEqual({
      links: [{ id: expect.any(String), name: '', link: 'https://m.example.com', clicks: 0, max_clicks: 2 }],
    });

    const del = await t.app.inject({
      method: 'POST',
      url: '/api/admin/userdelete',
      headers: bearer(admin),
      payload: { user_id: m.userId },
    });
    expect(del.json()).toEqual({ message: 'User deleted successfully' });
    const left = await t.db.selectFrom('links').select('id').where('user_id', 'in', [m.userId, subId]).execute();
    expect(left).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').where('id', 'in', [m.userId, subId]).execute()).toEqual([]);
    // The deleted member's token now reads as an ended session.
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) });
    expect(after.json().error).toBe('Unauthorized: jwt expired');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/userdelete',
      headers: bearer(admin),
      payload: { user_id: m.userId },
    });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/userslinks/${m.userId}`, headers: bearer(admin) })).statusCode).toBe(404);
  });

  it('admin calls refuse a member token (403) and no token (401)', async () => {
    const m = await signupMember(t.app);
    const calls = [
      { method: 'GET' as const, url: '/api/admin/allusers' },
      { method: 'POST' as const, url: '/api/admin/userdelete', payload: { user_id: m.userId } },
      { method: 'GET' as const, url: `/api/admin/userslinks/${m.userId}` },
      {
        method: 'POST' as const,
        url: `/api/admin/updateUser/${m.userId}`,
        payload: {
          package_price: 1,
          package_joined_date: null,
          package_expiry_date: null,
          subscription_status: 'active',
          subscription_type: 'monthly',
        },
      },
    ];
    for (const c of calls) {
      const member = await t.app.inject({ ...c, headers: bearer(m.token) });
      expect(member.statusCode).toBe(403);
      expect(member.json().error).toBe('Admin access required.');
      const none = await t.app.inject(c);
      expect(none.statusCode).toBe(401);
    }
    const stillThere = await t.db.selectFrom('users').select(['id', 'subscription_status']).where('id', '=', m.userId).executeTakeFirst();
    expect(stillThere).toEqual({ id: m.userId, subscription_status: 'inactive' });
  });

  it('an admin token on a member route is 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(admin) });
    expect(res.statusCode).toBe(403);
  });
});
