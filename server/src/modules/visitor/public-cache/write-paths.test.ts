import { activate, adminToken, bearer, browser, engines, signupMember, useTestApp, type Member } from '../../../../test/helpers';

/**
 * Issue 12: the public answers are cached, and EVERY write that changes them shows on the very
 * next read. Each case reads first (and checks the answer is now held, so the case can fail),
 * writes through the API as a user would, and reads again.
 */
describe.each(engines)('public answer cache: every write path shows at once (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  let links: Array<{ id: string; name: string }>;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = bearer(m.token)) =>
    t.app.inject({ method, url, payload, headers });
  const linksOf = async (userId = m.userId) => t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${userId}` });
  const aboutOf = async (userId = m.userId) => t.app.inject({ method: 'GET', url: `/api/public/publicProfile?user_id=${userId}` });
  /** Reads both answers twice and checks the second came from the cache. */
  const warm = async (userId = m.userId) => {
    await linksOf(userId);
    await aboutOf(userId);
    expect(t.app.publicAnswers.get('links', userId)).toBeDefined();
    expect(t.app.publicAnswers.get('about', userId)).toBeDefined();
  };
  const pending = async (userId = m.userId) =>
    (await linksOf(userId)).json().pending as Array<{ id: string; name: string; clicks: number }>;
  const addLink = async (userId: string, name: string, max_clicks: number | null = 5) => {
    const res = await inject('POST', '/api/links/linkadd', { user_id: userId, link: `https://${name}.example.com`, name, max_clicks });
    expect(res.statusCode).toBe(201);
    return res.json().link as { id: string; name: string };
  };
  const subProfile = async () => {
    const res = await inject('POST', '/api/auth/subprofile', { firstName: 'Sub', lastName: 'One', phone: '+15550100' });
    expect(res.statusCode).toBe(201);
    return res.json().user_id as string;
  };

  beforeEach(async () => {
    m = await signupMember(t.app, { firstName: 'Pat', lastName: 'Lee' });
    await activate(t.db, m.userId);
    links = [await addLink(m.userId, 'alpha'), await addLink(m.userId, 'beta')];
    await warm();
  });

  it('a page click', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/increment-clicks',
      headers: browser(),
      payload: { link_id: links[0].id },
    });
    expect(res.json().message).toBe('Click counted');
    expect((await pending())[0].clicks).toBe(1);
  });

  it("a run of simultaneous clicks drops the clicked profile's answers only, not every profile's", async () => {
    const other = await signupMember(t.app, { firstName: 'Sam', lastName: 'Roe' });
    await activate(t.db, other.userId);
    await warm(other.userId);
    const clicks = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers: browser(), payload: { link_id: links[0].id } }),
      ),
    );
    expect(clicks.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(t.app.publicAnswers.get('links', m.userId)).toBeUndefined();
    expect(t.app.publicAnswers.get('links', other.userId)).toBeDefined();
    expect(t.app.publicAnswers.get('about', other.userId)).toBeDefined();
    expect((await pending())[0].clicks).toBe(4);
  });

  it('a rotator click', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/r/${m.userId}`, headers: browser() });
    expect(res.statusCode).toBe(302);
    expect((await pending())[0].clicks).toBe(1);
  });

  it('a rotator restart (on_finish restart) puts the counts back to 0', async () => {
    await inject('PUT', '/api/links/rotator', { user_id: m.userId, on_finish: 'restart' });
    await inject('POST', '/api/links/updateLink', { user_id: m.userId, link_id: links[0].id, max_clicks: 1 });
    await inject('POST', '/api/links/updateLink', { user_id: m.userId, link_id: links[1].id, max_clicks: 1 });
    for (let i = 0; i < 2; i++) await t.app.inject({ method: 'GET', url: `/r/${m.userId}`, headers: browser() });
    expect(await pending()).toEqual([]);
    await warm();
    // The queue is full: this visit restarts it and is counted on the first link again.
    await t.app.inject({ method: 'GET', url: `/r/${m.userId}`, headers: browser() });
    expect((await pending()).map((l) => [l.name, l.clicks])).toEqual([['beta', 0]]);
  });

  it('adding, editing, reordering, resetting and deleting links', async () => {
    const gamma = await addLink(m.userId, 'gamma');
    expect((await pending()).map((l) => l.name)).toEqual(['alpha', 'beta', 'gamma']);
    await warm();
    await inject('POST', '/api/links/updateLink', { user_id: m.userId, link_id: gamma.id, name: 'gamma 2' });
    expect((await pending())[2].name).toBe('gamma 2');
    await warm();
    await inject('POST', '/api/links/reorder', { user_id: m.userId, link_ids: [gamma.id, links[0].id, links[1].id] });
    expect((await pending()).map((l) => l.name)).toEqual(['gamma 2', 'alpha', 'beta']);
    await t.app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers: browser(), payload: { link_id: gamma.id } });
    await warm();
    await inject('POST', '/api/links/resetLink', { user_id: m.userId, link_id: gamma.id });
    expect((await pending()).map((l) => [l.name, l.clicks])).toEqual([
      ['alpha', 0],
      ['beta', 0],
      ['gamma 2', 0],
    ]);
    await warm();
    await inject('POST', '/api/links/deleteLink', { user_id: m.userId, link_id: links[0].id });
    expect((await pending()).map((l) => l.name)).toEqual(['beta', 'gamma 2']);
  });

  it('a profile edit', async () => {
    await inject('POST', '/api/auth/updateProfile', { first_name: 'Patricia', last_name: 'Lee', title: 'Coach' });
    expect((await aboutOf()).json()).toMatchObject({ first_name: 'Patricia', title: 'Coach' });
  });

  it("a sub-profile's edit and delete", async () => {
    const sub = await subProfile();
    await addLink(sub, 'sub-link');
    await warm(sub);
    const edit = await inject('PUT', '/api/auth/updatesubprofile', {
      userId: sub,
      first_name: 'Renamed',
      last_name: 'Sub',
      phone: '+15550100',
    });
    expect(edit.statusCode).toBe(200);
    expect((await aboutOf(sub)).json().first_name).toBe('Renamed');
    await warm(sub);
    expect((await inject('POST', '/api/auth/deletesubprofile', { userId: sub })).statusCode).toBe(200);
    expect((await aboutOf(sub)).statusCode).toBe(404);
    expect((await linksOf(sub)).statusCode).toBe(404);
  });

  it("an admin deleting a member takes the member's and the sub-profiles' pages down (a cascade no statement names)", async () => {
    const sub = await subProfile();
    await warm(sub);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/userdelete',
      headers: bearer(await adminToken(t)),
      payload: { user_id: m.userId },
    });
    expect(res.statusCode).toBe(200);
    for (const id of [m.userId, sub]) {
      expect((await aboutOf(id)).statusCode).toBe(404);
      expect((await linksOf(id)).statusCode).toBe(404);
    }
  });

  it('a membership change by the admin and a write made straight to the database', async () => {
    const admin = await adminToken(t);
    const plan = {
      package_price: 144.56,
      package_joined_date: '2026-01-02 03:04:05',
      package_expiry_date: null,
      subscription_status: 'inactive',
      subscription_type: 'monthly',
    };
    expect((await inject('POST', `/api/admin/updateUser/${m.userId}`, plan, bearer(admin))).statusCode).toBe(200);
    expect(t.app.publicAnswers.get('about', m.userId)).toBeUndefined();
    await warm();
    await t.db.updateTable('links').set({ clicks: 4 }).where('id', '=', links[0].id).execute();
    expect((await pending())[0].clicks).toBe(4);
    await t.db.updateTable('users').set({ slogan: 'Straight from SQL' }).where('id', '=', m.userId).execute();
    expect((await aboutOf()).json().slogan).toBe('Straight from SQL');
  });

  // SQLite has no data-modifying WITH clauses; PostgreSQL's click batches end with one (decision 0082).
  if (engine === 'postgres') {
    it('a statement whose WITH clause writes links, whatever it returns', async () => {
      await t.db
        .with('renamed', (db) => db.updateTable('links').set({ clicks: 2 }).where('id', '=', links[0].id).returning('id'))
        .selectFrom('renamed')
        .select('id')
        .execute();
      expect((await pending())[0].clicks).toBe(2);
    });
  }

  it("a profile's answers stay cached while other profiles change", async () => {
    const other = await signupMember(t.app);
    await t.db.updateTable('users').set({ slogan: 'other' }).where('id', '=', other.userId).execute();
    expect(t.app.publicAnswers.get('links', m.userId)).toBeDefined();
    expect(t.app.publicAnswers.get('about', m.userId)).toBeDefined();
  });
});
