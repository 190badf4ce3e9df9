import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { nowIso } from '../src/db/ids';
import { addLink, activate, adminToken, bearer, browser, engines, secondApp, signupMember, useTestApp, type Member } from './helpers';

/**
 * DESIGN §6: however many visitors click at once, clicks never exceed max_clicks. On PostgreSQL
 * the clicks are spread over TWO app instances (two API nodes, two pools) sharing the database.
 */
describe.each(engines)('simultaneous clicks (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  let other: { app: FastifyInstance; close: () => Promise<void> } | undefined;

  beforeAll(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
    if (engine === 'postgres') other = await secondApp(t);
  });
  afterAll(async () => {
    await other?.close();
  });

  const nodes = () => (other ? [t.app, other.app] : [t.app]);
  const add = (max_clicks: number | null) => addLink(t.app, m, { link: 'https://example.com/x', max_clicks });

  it('400 simultaneous clicks on a link capped at 37 count exactly 37', async () => {
    const head = await add(37);
    const next = await add(5);
    const apps = nodes();
    const results = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        apps[i % apps.length].inject({
          method: 'POST',
          url: '/api/public/increment-clicks',
          headers: browser(),
          payload: { link_id: head.id },
          remoteAddress: `10.0.${i % 250}.${i % 7}`,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(37);
    expect(codes.filter((c) => c === 409)).toHaveLength(363);
    // Every accepted click saw a distinct count 1..37: no two visitors got the same click.
    const counts = results
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json().link.clicks)
      .sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
    const row = await t.db.selectFrom('links').select('clicks').where('id', '=', head.id).executeTakeFirstOrThrow();
    expect(row.clicks).toBe(37);
    // The queue moved on to the next link.
    const lists = (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}` })).json();
    expect(lists.pending.map((l: { id: string }) => l.id)).toEqual([next.id]);
  });

  it('clicks on the head and the next link at once never skip the queue', async () => {
    await t.db.deleteFrom('links').where('user_id', '=', m.userId).execute();
    const head = await add(10);
    const next = await add(10);
    const apps = nodes();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        apps[i % apps.length].inject({
          method: 'POST',
          url: '/api/public/increment-clicks',
          headers: browser(),
          payload: { link_id: i % 2 ? head.id : next.id },
        }),
      ),
    );
    const rows = await t.db.selectFrom('links').select(['id', 'clicks']).where('user_id', '=', m.userId).execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r.clicks]));
    expect(byId[head.id]).toBe(10);
    // The next link only counts clicks that arrived after the head completed, and never more than its cap.
    expect(byId[next.id]).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10 + byId[next.id]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
  });

  it('simultaneous sign-ups with one email create exactly one account (409 for the rest, never 500)', async () => {
    const apps = nodes();
    const email = `race-${Date.now()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        apps[i % apps.length].inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { firstName: 'R', lastName: 'C', email: i % 2 ? email : email.toUpperCase(), password: 'password-123' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().error)).toEqual(Array(11).fill('Email is already registered'));
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('simultaneous adds never exceed 20 links per profile', async () => {
    await t.db.deleteFrom('links').where('user_id', '=', m.userId).execute();
    const apps = nodes();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        apps[i % apps.length].inject({
          method: 'POST',
          url: '/api/links/linkadd',
          headers: bearer(m.token),
          payload: { link: `https://example.com/${i}`, max_clicks: 1, user_id: m.userId },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(20);
    const rows = await t.db.selectFrom('links').select('position').where('user_id', '=', m.userId).execute();
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.position)).size).toBe(20);
  });

  /**
   * Issue 13: the owner lowers a link's cap while visitors click. The edit is one UPDATE, so every
   * click is judged either before it (old cap) or after it (new cap): the clicks end at exactly
   * max(new cap, clicks counted when the edit landed) — the edit's answer tells the latter.
   */
  describe('a cap lowered while clicks arrive stays exact', () => {
    const clickOn = (linkId: string, i: number) => {
      const apps = nodes();
      return apps[i % apps.length].inject({
        method: 'POST',
        url: '/api/public/increment-clicks',
        headers: browser(),
        payload: { link_id: linkId },
      });
    };
    const lowerCap = (linkId: string, max_clicks: number) =>
      nodes()[nodes().length - 1].inject({
        method: 'POST',
        url: '/api/links/updateLink',
        headers: bearer(m.token),
        payload: { link_id: linkId, user_id: m.userId, max_clicks },
      });
    const expectExact = async (
      linkId: string,
      clicks: Array<{ statusCode: number; json: () => { link: { clicks: number } } }>,
      capAfter: number,
      atEdit: number,
      before = 0,
    ) => {
      const row = await t.db.selectFrom('links').select(['clicks', 'max_clicks']).where('id', '=', linkId).executeTakeFirstOrThrow();
      const accepted = clicks.filter((r) => r.statusCode === 200);
      expect(row).toEqual({ clicks: Math.max(capAfter, atEdit), max_clicks: capAfter });
      expect(before + accepted.length).toBe(row.clicks);
      expect(clicks.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      // No two visitors got the same click.
      const counts = accepted.map((r) => r.json().link.clicks).sort((a, b) => a - b);
      expect(counts).toEqual(Array.from({ length: accepted.length }, (_, i) => before + i + 1));
    };

    it('300 clicks with the cap lowered from 1000 to 100 among them', async () => {
      await t.db.deleteFrom('links').where('user_id', '=', m.userId).execute();
      const head = await add(1000);
      const clicks = Array.from({ length: 150 }, (_, i) => clickOn(head.id, i));
      const edit = lowerCap(head.id, 100);
      const more = Array.from({ length: 150 }, (_, i) => clickOn(head.id, i + 150));
      const [results, edited] = await Promise.all([Promise.all([...clicks, ...more]), edit]);
      expect(edited.statusCode).toBe(200);
      await expectExact(head.id, results, 100, edited.json().link.clicks);
    });

    it('150 clicks, then 150 more with the cap lowered to 50 (below the count) among them: completed at once', async () => {
      await t.db.deleteFrom('links').where('user_id', '=', m.userId).execute();
      const head = await add(1000);
      const first = await Promise.all(Array.from({ length: 150 }, (_, i) => clickOn(head.id, i)));
      expect(first.every((r) => r.statusCode === 200)).toBe(true);
      const clicks = Array.from({ length: 75 }, (_, i) => clickOn(head.id, i));
      const edit = lowerCap(head.id, 50);
      const later = Array.from({ length: 75 }, (_, i) => clickOn(head.id, i + 75));
      const [results, edited] = await Promise.all([Promise.all([...clicks, ...later]), edit]);
      const atEdit = edited.json().link.clicks;
      expect(atEdit).toBeGreaterThanOrEqual(150);
      await expectExact(head.id, results, 50, atEdit, 150);
      const lists = (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}` })).json();
      expect(lists.completed.map((l: { id: string }) => l.id)).toEqual([head.id]);
    });
  });

  it('60 simultaneous sub-profile creations stop at the cap of 50 (409 for the rest, never 500)', async () => {
    const member = await signupMember(t.app);
    const apps = nodes();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        apps[i % apps.length].inject({
          method: 'POST',
          url: '/api/auth/subprofile',
          headers: bearer(member.token),
          payload: { firstName: `S${i}`, lastName: 'Race', phone: '12345' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(50);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(Array(10).fill('sub-profile-limit'));
    const rows = await t.db.selectFrom('users').select('id').where('parent_id', '=', member.userId).execute();
    expect(rows).toHaveLength(50);
  });

  if (engine === 'postgres') {
    /** Links inserted directly, so their ids (and so the click order) and their queue order differ. */
    const insertLinks = (userId: string, ids: string[]) =>
      t.db
        .insertInto('links')
        .values(
          ids.map((id, i) => ({
            id,
            user_id: userId,
            name: '',
            url: `https://example.com/${i}`,
            clicks: 0,
            max_clicks: null,
            position: i + 1,
            created_at: nowIso(),
          })),
        )
        .execute();

    it('an admin delete waits for a click batch holding links in id order, then deletes (was a deadlock → 500)', async () => {
      const victim = await signupMember(t.app);
      const [high, low] = ['z'.repeat(21) + '1', 'a'.repeat(21) + '1'];
      // Queue order (and heap order) puts the high id first: the cascade alone would lock it first.
      await insertLinks(victim.userId, [high, low]);
      const batch = new pg.Client({ connectionString: t.databaseUrl, options: `-c search_path=${t.searchPath}` });
      await batch.connect();
      try {
        // A click batch takes its links in id order (db/group-commit.ts): the low id first…
        await batch.query('begin');
        await batch.query('update links set clicks = clicks + 1 where id = $1', [low]);
        const deleting = t.app.inject({
          method: 'POST',
          url: '/api/admin/userdelete',
          headers: bearer(await adminToken(t)),
          payload: { user_id: victim.userId },
        });
        await new Promise((r) => setTimeout(r, 400));
        // …then the high one, while the delete waits. In the old order this closed a cycle.
        await batch.query('update links set clicks = clicks + 1 where id = $1', [high]);
        await batch.query('commit');
        const res = await deleting;
        expect(res.statusCode).toBe(200);
      } finally {
        await batch.end();
      }
      expect(await t.db.selectFrom('users').select('id').where('id', '=', victim.userId).execute()).toEqual([]);
      expect(await t.db.selectFrom('links').select('id').where('id', 'in', [high, low]).execute()).toEqual([]);
    });

    it('a member deleting a sub-profile while a click batch holds its links waits, then deletes (the same lock order)', async () => {
      const owner = await signupMember(t.app);
      await activate(t.db, owner.userId);
      const subId = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/subprofile',
          headers: bearer(owner.token),
          payload: { firstName: 'S', lastName: 'Del', phone: '12345' },
        })
      ).json().user_id;
      const [high, low] = ['y'.repeat(21) + '2', 'b'.repeat(21) + '2'];
      await insertLinks(subId, [high, low]);
      const batch = new pg.Client({ connectionString: t.databaseUrl, options: `-c search_path=${t.searchPath}` });
      await batch.connect();
      try {
        await batch.query('begin');
        await batch.query('update links set clicks = clicks + 1 where id = $1', [low]);
        const deleting = t.app.inject({
          method: 'POST',
          url: '/api/auth/deletesubprofile',
          headers: bearer(owner.token),
          payload: { userId: subId },
        });
        await new Promise((r) => setTimeout(r, 400));
        await batch.query('update links set clicks = clicks + 1 where id = $1', [high]);
        await batch.query('commit');
        expect((await deleting).statusCode).toBe(200);
      } finally {
        await batch.end();
      }
      expect(await t.db.selectFrom('users').select('id').where('id', '=', subId).execute()).toEqual([]);
    });

    it('deleting a user during 300 simultaneous clicks on their links (two nodes): the delete succeeds, no click fails', async () => {
      const admin = await adminToken(t);
      for (let round = 0; round < 3; round++) {
        const victim = await signupMember(t.app);
        await activate(t.db, victim.userId);
        const ids = Array.from({ length: 5 }, () => (Math.random().toString(36).slice(2) + 'x'.repeat(22)).slice(0, 22));
        await insertLinks(victim.userId, ids);
        const apps = nodes();
        const clicks = Array.from({ length: 300 }, (_, i) =>
          apps[i % apps.length].inject({ method: 'POST', url: '/api/public/increment-clicks', payload: { link_id: ids[i % ids.length] } }),
        );
        const del = t.app.inject({
          method: 'POST',
          url: '/api/admin/userdelete',
          headers: bearer(admin),
          payload: { user_id: victim.userId },
        });
        const [deleted, ...answers] = await Promise.all([del, ...clicks]);
        expect(deleted.statusCode).toBe(200);
        const codes = new Set(answers.map((r) => r.statusCode));
        expect([...codes].filter((c) => ![200, 404, 409].includes(c))).toEqual([]);
        expect(await t.db.selectFrom('users').select('id').where('id', '=', victim.userId).execute()).toEqual([]);
      }
    });
  }
});
