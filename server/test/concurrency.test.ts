import type { FastifyInstance } from 'fastify';
import { activate, bearer, engines, secondApp, signupMember, useTestApp, type Member } from './helpers';

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
  const addLink = async (max_clicks: number | null) =>
    (await t.app.inject({ method: 'POST', url: '/api/links/linkadd', headers: bearer(m.token), payload: { link: 'https://example.com/x', max_clicks, user_id: m.userId } })).json().link;

  it('400 simultaneous clicks on a link capped at 37 count exactly 37', async () => {
    const head = await addLink(37);
    const next = await addLink(5);
    const apps = nodes();
    const results = await Promise.all(
      Array.from({ length: 400 }, (_, i) => apps[i % apps.length].inject({ method: 'POST', url: '/api/public/increment-clicks', payload: { link_id: head.id }, remoteAddress: `10.0.${i % 250}.${i % 7}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(37);
    expect(codes.filter((c) => c === 409)).toHaveLength(363);
    // Every accepted click saw a distinct count 1..37: no two visitors got the same click.
    const counts = results.filter((r) => r.statusCode === 200).map((r) => r.json().link.clicks).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
    const row = await t.db.selectFrom('links').select('clicks').where('id', '=', head.id).executeTakeFirstOrThrow();
    expect(row.clicks).toBe(37);
    // The queue moved on to the next link.
    const lists = (await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}` })).json();
    expect(lists.pending.map((l: { id: string }) => l.id)).toEqual([next.id]);
  });

  it('clicks on the head and the next link at once never skip the queue', async () => {
    await t.db.deleteFrom('links').where('user_id', '=', m.userId).execute();
    const head = await addLink(10);
    const next = await addLink(10);
    const apps = nodes();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => apps[i % apps.length].inject({ method: 'POST', url: '/api/public/increment-clicks', payload: { link_id: i % 2 ? head.id : next.id } })),
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
        apps[i % apps.length].inject({ method: 'POST', url: '/api/auth/signup', payload: { firstName: 'R', lastName: 'C', email: i % 2 ? email : email.toUpperCase(), password: 'password-123' } }),
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
        apps[i % apps.length].inject({ method: 'POST', url: '/api/links/linkadd', headers: bearer(m.token), payload: { link: `https://example.com/${i}`, max_clicks: 1, user_id: m.userId } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(20);
    const rows = await t.db.selectFrom('links').select('position').where('user_id', '=', m.userId).execute();
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.position)).size).toBe(20);
  });
});
