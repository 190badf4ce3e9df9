import { activate, bearer, engines, signupMember, useTestApp } from '../../test/helpers';
import { addOfferLink, countBy, eventsIn } from '../modules/stats/stats.test-helper';
import { seedClickEvents } from './seed-click-events';

const DAY = 86_400_000;

/**
 * The bench's million-event profile (issue 15) is seeded by this tool: its events and roll-ups
 * must be what the Stats page reads, on both engines, or the bench measures reads of nothing.
 */
describe.each(engines)('seedClickEvents (%s)', (engine) => {
  const t = useTestApp(engine);

  it('writes events whose roll-ups the Stats summary shows to the click', async () => {
    const m = await signupMember(t.app);
    await activate(t.db, m.userId);
    const linkIds = [await addOfferLink(t.app, m.token, m.userId, 'First'), await addOfferLink(t.app, m.token, m.userId, 'Second')];
    const now = Date.parse('2026-11-20T12:00:00.000Z');
    const seeded = await seedClickEvents(t.db, { userId: m.userId, linkIds, count: 3000, days: 10, now });
    expect(seeded.events).toBe(3000);

    const from = new Date(now - 11 * DAY).toISOString();
    const to = new Date(now + DAY).toISOString();
    const events = await eventsIn(t.db, m.userId, from, to);
    expect(events).toHaveLength(3000);
    const verdicts = countBy(events, (e) => e.verdict);
    // The mix the bench describes: about 10 % bots and 5 % repeats.
    expect(verdicts.bot / 3000).toBeGreaterThan(0.07);
    expect(verdicts.bot / 3000).toBeLessThan(0.13);
    expect(verdicts.repeat).toBeGreaterThan(0);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/summary?user_id=${m.userId}&from=${from}&to=${to}`,
      headers: bearer(m.token),
    });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.totals).toMatchObject({ counted: verdicts.counted, repeat: verdicts.repeat, bot: verdicts.bot, all: 3000 });
    const perLink = countBy(events, (e) => String(e.link_id));
    expect(Object.fromEntries(s.links.map((l: { link_id: string; all: number }) => [l.link_id, l.all]))).toEqual(perLink);
    expect(s.sources.map((x: { all: number }) => x.all).reduce((a: number, b: number) => a + b, 0)).toBe(3000);
  });
});
