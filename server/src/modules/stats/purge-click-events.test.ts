import { activate, bearer, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { CLICK_RETENTION_JOB } from './click-retention.job';
import { purgeClickEvents } from './purge-click-events';
import { addOfferLink, clickAll } from './stats.test-helper';

const DAY = 86_400_000;

/** Retention (issue 15): raw events older than CLICK_EVENTS_RETENTION_DAYS go; roll-ups stay. */
describe.each(engines)('click events retention (%s)', (engine) => {
  const t = useTestApp(engine, { CLICK_EVENTS_RETENTION_DAYS: '90' });
  let m: Member;
  let linkId: string;
  const now = new Date();
  const ages = [120, 100, 91, 89, 30, 1, 0];

  const summary = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/stats/summary?user_id=${m.userId}&from=${new Date(now.getTime() - 200 * DAY).toISOString()}&to=${new Date(now.getTime() + DAY).toISOString()}`,
        headers: bearer(m.token),
      })
    ).json();
  const storedAges = async () =>
    (await t.db.selectFrom('click_events').select('created_at').where('user_id', '=', m.userId).orderBy('created_at').execute()).map((e) =>
      Math.round((now.getTime() - Date.parse(e.created_at)) / DAY),
    );

  beforeEach(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
    linkId = await addOfferLink(t.app, m.token, m.userId);
    // Two clicks (two visitors) at each age, through the real click path.
    await clickAll(
      t.app,
      m.userId,
      ages.flatMap((age) =>
        [0, 1].map((v) => ({ at: new Date(now.getTime() - age * DAY - v * 60_000), target: linkId, visitor: `v${age}-${v}` })),
      ),
    );
  });

  it('deletes the events past the retention, in chunks, and keeps every roll-up', async () => {
    const before = await summary();
    expect(before.totals).toMatchObject({ counted: 14, all: 14, unique_visitors: 14 });
    const result = await purgeClickEvents(t.db, { now, retentionDays: 90, chunk: 3 });
    expect(result.events).toBeGreaterThanOrEqual(6);
    expect(await storedAges()).toEqual([89, 89, 30, 30, 1, 1, 0, 0]);
    // The Stats page's history is unchanged: it reads roll-ups.
    expect(await summary()).toEqual(before);
    // Running again (another node, a retry) finds nothing more.
    expect((await purgeClickEvents(t.db, { now, retentionDays: 90 })).events).toBe(0);
  });

  it('keeps only today’s and yesterday’s visitor sightings (older hashes can never match again)', async () => {
    await purgeClickEvents(t.db, { now, retentionDays: 90 });
    const days = await t.db.selectFrom('click_visitor_days').select('day').where('user_id', '=', m.userId).execute();
    const yesterday = new Date(now.getTime() - DAY).toISOString().slice(0, 10);
    expect(days.length).toBeGreaterThan(0);
    for (const d of days) expect(d.day >= yesterday).toBe(true);
  });

  it('stops between chunks when its job is aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    expect((await purgeClickEvents(t.db, { now, retentionDays: 90, signal: abort.signal })).events).toBe(0);
    expect(await storedAges()).toHaveLength(14);
  });

  it('runs as the scheduled job of every node (CLICK_EVENTS_RETENTION_DAYS)', async () => {
    await t.app.jobs.runSoon(CLICK_RETENTION_JOB);
    const end = Date.now() + 10_000;
    while ((await storedAges()).length !== 8) {
      if (Date.now() > end) throw new Error('the retention job did not purge in time');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await storedAges()).toEqual([89, 89, 30, 30, 1, 1, 0, 0]);
  });
});
