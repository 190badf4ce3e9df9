import { addLink, activate, adminToken, bearer, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { seedEmail, seedMembers } from '../../tools/seed-members';
import { FTS_PAGE_LIMIT } from './member-search';

interface ListedUser {
  user_id: string;
  email: string | null;
  /** "first last", what the search reads besides the email (issue 29). */
  name?: string;
  created_at: string;
  sub_profile_count: number;
}

const SEEDED = 6000; // more than FTS_PAGE_LIMIT share "scale-": SQLite's dense branch is taken too

describe.each(engines)('admin member list and user details, issue 12 (%s)', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let member: Member;
  let underscored: Member;
  let allMembers: ListedUser[];

  const list = (query: string, token = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/allusers${query}`, headers: bearer(token) });

  /** Every member, newest first, straight from the table: what each search is checked against. */
  async function readAllMembers(): Promise<ListedUser[]> {
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'created_at', 'first_name', 'last_name'])
      .where('parent_id', 'is', null)
      .execute();
    return rows
      .map((r) => ({
        user_id: r.id,
        email: r.email,
        name: `${r.first_name} ${r.last_name}`.toLowerCase(),
        created_at: r.created_at,
        sub_profile_count: 0,
      }))
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  }

  beforeAll(async () => {
    expect(SEEDED).toBeGreaterThan(FTS_PAGE_LIMIT);
    await seedMembers(t.db, { members: SEEDED, linksPerMember: 1, prefix: 'scale', newest: new Date('2025-01-01T00:00:00Z') });
    underscored = await signupMember(t.app, { email: `under_score-${Date.now()}@example.com` });
    await signupMember(t.app, { email: `underxscore-${Date.now()}@example.com` });
    member = await signupMember(t.app);
    admin = await adminToken(t);
    allMembers = await readAllMembers();
  }, 120_000);

  it('without parameters answers the spec’s array, bounded to the newest 1,000 members', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const users: ListedUser[] = res.json();
    expect(Array.isArray(users)).toBe(true);
    expect(users).toHaveLength(1000);
    expect(users.map((u) => u.user_id)).toEqual(allMembers.slice(0, 1000).map((u) => u.user_id));
    expect(users[0].user_id).toBe(member.userId);
  });

  it('pages through every member with the total; pages do not overlap', async () => {
    const first = (await list('?page=1&pageSize=100')).json();
    expect(first).toMatchObject({ total: allMembers.length, page: 1, pageSize: 100 });
    expect(first.users.map((u: ListedUser) => u.user_id)).toEqual(allMembers.slice(0, 100).map((u) => u.user_id));
    const third = (await list('?page=3&pageSize=100')).json();
    expect(third.users.map((u: ListedUser) => u.user_id)).toEqual(allMembers.slice(200, 300).map((u) => u.user_id));
    const defaults = (await list('?page=2')).json();
    expect(defaults).toMatchObject({ page: 2, pageSize: 50, total: allMembers.length });
    expect(defaults.users.map((u: ListedUser) => u.user_id)).toEqual(allMembers.slice(50, 100).map((u) => u.user_id));
    const past = (await list('?page=999&pageSize=100')).json();
    expect(past).toEqual({ users: [], total: allMembers.length, page: 999, pageSize: 100 });
  });

  it.each([
    ['a few matches (the trigram table on SQLite)', 'SCALE-00012'],
    ['every seeded member (the dense branch on SQLite)', 'scale-'],
    ['two characters (shorter than a trigram)', 'e-'],
    ['one character', '7'],
    ['a literal underscore, not a wildcard', 'under_s'],
    ['a literal underscore alone', '_'],
    ['a percent sign matches nothing', '%'],
    ['the shared domain', 'EXAMPLE.com'],
    ['nothing', 'no-such-member'],
    ['a first name (issue 29)', 'member4242'],
    ['a last name, any case (issue 29)', 'LoveLace'],
    ['first and last name together (issue 29)', 'Ada Love'],
    ['a name in the dense branch (issue 29)', 'Scale'],
  ])('search: %s (q=%s) answers exactly the members whose email or name contains it, newest first, with the total', async (_, q) => {
    const needle = q.toLowerCase();
    const expected = allMembers.filter((u) => (u.email ?? '').includes(needle) || (u.name ?? '').includes(needle));
    for (const page of [1, 2]) {
      const res = await list(`?page=${page}&pageSize=40&q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(expected.length);
      expect(body.users.map((u: ListedUser) => u.user_id)).toEqual(expected.slice((page - 1) * 40, page * 40).map((u) => u.user_id));
    }
  });

  it('finds a seeded member by part of the email, and only them', async () => {
    const body = (await list(`?q=${encodeURIComponent(seedEmail('scale', 4242).slice(3, 13))}`)).json();
    expect(body.users.map((u: ListedUser) => u.email)).toEqual([seedEmail('scale', 4242)]);
    const byName = (await list(`?q=${encodeURIComponent('Ada Lovelace')}&pageSize=100`)).json();
    expect(byName.users.map((u: ListedUser) => u.user_id)).toContain(member.userId);
    expect(body.total).toBe(1);
    const under = (await list('?q=under_score')).json();
    expect(under.users.map((u: ListedUser) => u.user_id)).toEqual([underscored.userId]);
  });

  it('follows the members: a new email is found at once, the old one no more; sub-profiles are not listed; a delete removes them', async () => {
    const m = await signupMember(t.app, { email: `before-change-${Date.now()}@example.com` });
    await activate(t.db, m.userId);
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(m.token),
      payload: { firstName: 'Sub', lastName: 'Profile', phone: '12345', email: `subby-${Date.now()}@example.com` },
    });
    expect(sub.statusCode).toBe(201);
    expect((await list('?q=subby')).json()).toMatchObject({ users: [], total: 0 });

    await t.db
      .updateTable('users')
      .set({ email: `after-change-${m.userId.slice(0, 6).toLowerCase()}@example.com` })
      .where('id', '=', m.userId)
      .execute();
    expect((await list('?q=before-change')).json().total).toBe(0);
    const found = (await list('?q=after-change')).json();
    expect(found.users.map((u: ListedUser) => u.user_id)).toEqual([m.userId]);
    expect(found.users[0].sub_profile_count).toBe(1);

    const del = await t.app.inject({
      method: 'POST',
      url: '/api/admin/userdelete',
      headers: bearer(admin),
      payload: { user_id: m.userId },
    });
    expect(del.statusCode).toBe(200);
    expect((await list('?q=after-change')).json()).toMatchObject({ users: [], total: 0 });
  });

  it.each([
    ['pageSize above 100', '?pageSize=101'],
    ['page 0', '?page=0'],
    ['a page that is not a number', '?page=two'],
    ['a search longer than an email can be', `?q=${'a'.repeat(255)}`],
  ])('refuses %s with a 400 and a message', async (_, query) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid', error: expect.any(String) });
  });

  it('is for the admin only: a member’s token 403, none 401', async () => {
    expect((await list('?page=1', member.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/allusers?page=1' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/users/${member.userId}`, headers: bearer(member.token) })).statusCode,
    ).toBe(403);
  });

  it('users/:userId answers the user, their links in queue order and their sub-profiles', async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    for (const name of ['First', 'Second']) {
      await addLink(t.app, m, { link: `https://${name.toLowerCase()}.example.com`, max_clicks: 5, name });
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/subprofile',
      headers: bearer(m.token),
      payload: { firstName: 'Side', lastName: 'Page', phone: '12345' },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${m.userId}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ user_id: m.userId, email: m.email, subscription_status: 'active', sub_profile_count: 1 });
    expect(body.links.map((l: { name: string }) => l.name)).toEqual(['First', 'Second']);
    expect(body.subProfiles).toEqual([expect.objectContaining({ first_name: 'Side', last_name: 'Page', phone: '12345' })]);
    expect(body.member).toBeNull();
    expect(res.body).not.toContain('password');

    // A sub-profile names its member, whose plan it uses.
    const sub = await t.app.inject({ method: 'GET', url: `/api/admin/users/${body.subProfiles[0].user_id}`, headers: bearer(admin) });
    expect(sub.json().user).toMatchObject({ account: 'sub-profile' });
    expect(sub.json().member).toEqual({ user_id: m.userId, email: m.email, first_name: expect.any(String), last_name: expect.any(String) });

    // A paused link is not pending: it is listed apart (visitors never get it).
    const second = body.links[1] as { id: string };
    const pause = await t.app.inject({
      method: 'POST',
      url: '/api/links/pauseLink',
      headers: bearer(m.token),
      payload: { user_id: m.userId, link_id: second.id, paused: true },
    });
    expect(pause.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/admin/users/${m.userId}`, headers: bearer(admin) })).json();
    expect(after.links.map((l: { name: string }) => l.name)).toEqual(['First']);
    expect(after.paused.map((l: { name: string }) => l.name)).toEqual(['Second']);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/users/nobody-here', headers: bearer(admin) });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/users/not%20an%20id', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
  });
});
