import type { FastifyInstance } from 'fastify';
import { activate, bearer, browser, engines, secondApp, signupMember, useTestApp, type Member } from './helpers';

/**
 * Issue 14: however many visitors follow the rotator link at once — on PostgreSQL through TWO API
 * nodes sharing the database — the caps are exact, the rest go where on_finish says, and a
 * restart happens once.
 */
describe.each(engines)('simultaneous rotator visits (%s)', (engine) => {
  const t = useTestApp(engine, { PUBLIC_SITE_URL: 'https://site.example.com' });
  let m: Member;
  let other: { app: FastifyInstance; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    if (engine === 'postgres') other = await secondApp(t);
  });
  afterAll(async () => {
    await other?.close();
  });
  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
  });

  const nodes = () => (other ? [t.app, other.app] : [t.app]);
  const add = async (max_clicks: number | null) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/links/linkadd',
        headers: bearer(m.token),
        payload: { link: `https://c${Math.random().toString(36).slice(2)}.example.com/`, max_clicks, user_id: m.userId },
      })
    ).json().link as { id: string; link: string };
  const settings = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/links/rotator', headers: bearer(m.token), payload: { user_id: m.userId, ...payload } });
  const storm = (count: number, extra?: (i: number) => Promise<unknown>) => {
    const apps = nodes();
    return Promise.all(
      Array.from({ length: count }, (_, i) =>
        extra && i % 10 === 0
          ? extra(i).then(() =>
              apps[i % apps.length].inject({
                method: 'GET',
                url: `/r/${m.userId}`,
                headers: browser(),
                remoteAddress: `10.1.${i % 250}.${i % 9}`,
              }),
            )
          : apps[i % apps.length].inject({
              method: 'GET',
              url: `/r/${m.userId}`,
              headers: browser(),
              remoteAddress: `10.1.${i % 250}.${i % 9}`,
            }),
      ),
    );
  };
  const clicksOf = async (ids: string[]) => {
    const rows = await t.db.selectFrom('links').select(['id', 'clicks']).where('user_id', '=', m.userId).execute();
    return ids.map((id) => Number(rows.find((r) => r.id === id)?.clicks));
  };
  const tally = (locations: Array<string | undefined>) =>
    locations.reduce<Record<string, number>>((acc, l) => ({ ...acc, [String(l)]: (acc[String(l)] ?? 0) + 1 }), {});

  it('300 visits on links capped 50/50/50 count exactly 50/50/50; the rest go to the public page', async () => {
    const links = [await add(50), await add(50), await add(50)];
    const results = await storm(300);
    expect(results.every((r) => r.statusCode === 302 && r.headers['cache-control'] === 'no-store')).toBe(true);
    expect(await clicksOf(links.map((l) => l.id))).toEqual([50, 50, 50]);
    expect(tally(results.map((r) => r.headers.location))).toEqual({
      [links[0].link]: 50,
      [links[1].link]: 50,
      [links[2].link]: 50,
      [`https://site.example.com/profile?userId=${m.userId}`]: 150,
    });
    const events = await t.db.selectFrom('click_events').select(['link_id', 'verdict']).where('user_id', '=', m.userId).execute();
    expect(events).toHaveLength(300);
    expect(events.filter((e) => e.link_id === null)).toHaveLength(150);
  });

  it('the same with page clicks racing on the head, and on_finish backup', async () => {
    await settings({ on_finish: 'backup', backup_url: 'https://backup.example.com/' });
    const links = [await add(50), await add(50), await add(50)];
    let pageOk = 0;
    const apps = nodes();
    // Every tenth visitor also clicks the page's live link at the same moment.
    const results = await storm(300, async (i) => {
      const lists = (await apps[0].inject({ method: 'GET', url: `/api/public/userliks?user_id=${m.userId}` })).json();
      const head = lists.pending[0];
      if (!head) return;
      const res = await apps[i % apps.length].inject({
        method: 'POST',
        url: '/api/public/increment-clicks',
        headers: browser(),
        payload: { link_id: head.id },
      });
      if (res.statusCode === 200) pageOk++;
    });
    expect(await clicksOf(links.map((l) => l.id))).toEqual([50, 50, 50]);
    const toLinks = results.filter((r) => links.some((l) => l.link === r.headers.location)).length;
    expect(toLinks + pageOk).toBe(150);
    expect(results.filter((r) => r.headers.location === 'https://backup.example.com/')).toHaveLength(300 - toLinks);
  });

  it('restart happens once when many visitors finish the queue at the same moment', async () => {
    await settings({ on_finish: 'restart' });
    const links = [await add(3), await add(3), await add(3)];
    // 9 fill the queue, 7 more arrive with it full: one restart, then 3 + 3 + 1 in queue order.
    const results = await storm(16);
    expect(results.every((r) => r.statusCode === 302 && links.some((l) => l.link === r.headers.location))).toBe(true);
    expect(await clicksOf(links.map((l) => l.id))).toEqual([3, 3, 1]);
    const row = await t.db.selectFrom('rotators').select('restarts').where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(Number(row.restarts)).toBe(1);
    const counted = await t.db
      .selectFrom('click_events')
      .select('link_id')
      .where('user_id', '=', m.userId)
      .where('verdict', '=', 'counted')
      .execute();
    expect(counted).toHaveLength(16);
  });

  it('round_robin spreads simultaneous visits evenly', async () => {
    await settings({ mode: 'round_robin' });
    const links = [await add(null), await add(null), await add(null)];
    const results = await storm(90);
    expect(await clicksOf(links.map((l) => l.id))).toEqual([30, 30, 30]);
    expect(Object.values(tally(results.map((r) => r.headers.location)))).toEqual([30, 30, 30]);
  });

  it('random never passes a cap under load', async () => {
    await settings({ mode: 'random' });
    const links = [await add(40), await add(40), await add(40)];
    await storm(150);
    expect(await clicksOf(links.map((l) => l.id))).toEqual([40, 40, 40]);
  });
});
