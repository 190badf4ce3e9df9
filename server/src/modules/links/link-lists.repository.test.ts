import { engines, useTestApp, browser } from '../../../test/helpers';
import type { Db } from '../../db/database';
import { newId, nowIso } from '../../db/ids';
import { findAboutById } from '../users/users.repository';
import { findLinkLists } from './link-lists.repository';

/** The visitor page's reads (one precompiled statement each), straight against each engine. */
describe.each(engines)('profile reads (%s)', (engine) => {
  const t = useTestApp(engine);

  async function user(db: Db, first = 'Ada'): Promise<string> {
    const id = newId();
    await db
      .insertInto('users')
      .values({
        id,
        first_name: first,
        last_name: 'L',
        title: 'T',
        slogan: 'S',
        about: 'A',
        subscription_status: 'inactive',
        created_at: nowIso(),
      })
      .execute();
    return id;
  }
  async function link(
    db: Db,
    userId: string,
    o: { id?: string; url: string; position: number; created_at?: string; clicks?: number; max_clicks?: number | null },
  ) {
    await db
      .insertInto('links')
      .values({
        id: o.id ?? newId(),
        user_id: userId,
        name: o.url.slice(8),
        url: o.url,
        position: o.position,
        clicks: o.clicks ?? 0,
        max_clicks: o.max_clicks === undefined ? 5 : o.max_clicks,
        created_at: o.created_at ?? nowIso(),
      })
      .execute();
  }

  it('an unknown profile is undefined; a profile without links has two empty lists', async () => {
    expect(await findLinkLists(t.db, 'no-such-user-id-000000')).toBeUndefined();
    const id = await user(t.db);
    expect(await findLinkLists(t.db, id)).toEqual({ pending: [], completed: [] });
  });

  it('queue order is position, then age, then id; completed links are split off; nobody else’s links', async () => {
    const id = await user(t.db);
    const other = await user(t.db, 'Other');
    await link(t.db, other, { url: 'https://other.example.com', position: 0 });
    await link(t.db, id, { url: 'https://c.example.com', position: 2 });
    await link(t.db, id, {
      id: 'zzzzzzzzzzzzzzzzzzzzzz',
      url: 'https://b2.example.com',
      position: 1,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    await link(t.db, id, {
      id: 'aaaaaaaaaaaaaaaaaaaaaa',
      url: 'https://b1.example.com',
      position: 1,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    await link(t.db, id, { url: 'https://a.example.com', position: 1, created_at: '2025-01-01T00:00:00.000Z' });
    await link(t.db, id, { url: 'https://done.example.com', position: 0, clicks: 3, max_clicks: 3 });
    await link(t.db, id, { url: 'https://unlimited.example.com', position: 3, clicks: 7, max_clicks: null });
    const lists = await findLinkLists(t.db, id);
    expect(lists?.pending.map((l) => l.link)).toEqual([
      'https://a.example.com',
      'https://b1.example.com',
      'https://b2.example.com',
      'https://c.example.com',
      'https://unlimited.example.com',
    ]);
    expect(lists?.completed).toEqual([
      { id: expect.any(String), name: 'done.example.com', link: 'https://done.example.com', clicks: 3, max_clicks: 3 },
    ]);
    expect(lists?.pending[4]).toMatchObject({ clicks: 7, max_clicks: null });
  });

  it('each call reads its own profile (the compiled query takes new values, not the first ones)', async () => {
    const a = await user(t.db, 'Alice');
    const b = await user(t.db, 'Bob');
    await link(t.db, b, { url: 'https://bob.example.com', position: 0 });
    expect(await findLinkLists(t.db, a)).toEqual({ pending: [], completed: [] });
    expect((await findLinkLists(t.db, b))?.pending.map((l) => l.link)).toEqual(['https://bob.example.com']);
    expect(await findAboutById(t.db, a)).toEqual({ title: 'T', slogan: 'S', about: 'A', first_name: 'Alice', last_name: 'L' });
    expect((await findAboutById(t.db, b))?.first_name).toBe('Bob');
    expect(await findAboutById(t.db, "x' or '1'='1")).toBeUndefined();
  });

  it('a click is visible to the very next read (no cache)', async () => {
    const id = await user(t.db);
    await link(t.db, id, { url: 'https://head.example.com', position: 0, max_clicks: 2 });
    const head = (await findLinkLists(t.db, id))?.pending[0];
    const click = () =>
      t.app.inject({ method: 'POST', url: '/api/public/increment-clicks', headers: browser(), payload: { link_id: head?.id } });
    expect((await click()).statusCode).toBe(200);
    const read = () => t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${id}` }).then((r) => r.json());
    expect((await read()).pending[0].clicks).toBe(1);
    expect((await click()).statusCode).toBe(200);
    expect(await read()).toMatchObject({ pending: [], completed: [{ link: 'https://head.example.com', clicks: 2 }] });
  });
});
