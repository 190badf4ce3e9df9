import { Migrator, sql } from 'kysely';
import { activate, bearer, engines, signupMember, useTestApp } from '../../../test/helpers';
import { currentSchema } from '../../db/dialect-sql';
import { migrationsForTests, migrateToLatest } from '../../db/migrate';
import { addOfferLink, clickAll, mixedClicks } from './stats.test-helper';

/**
 * Migration 0009 back-fills the roll-ups of the events stored before it, with the same rules as
 * the live click path, and 0011 sums its coarser levels from them: rebuilt, every level equals
 * what the clicks built.
 */
describe.each(engines)('roll-up back-fill (%s)', (engine) => {
  const t = useTestApp(engine);

  const snapshot = async () => ({
    rollups: (await sql`select * from click_rollups order by user_id, slot, link_id`.execute(t.db)).rows,
    referrers: (await sql`select * from click_referrer_rollups order by user_id, slot, host`.execute(t.db)).rows,
    totals: (await sql`select * from click_profile_totals order by user_id`.execute(t.db)).rows,
    daily: (await sql`select * from click_daily_rollups order by user_id, day, link_id`.execute(t.db)).rows,
    dailyReferrers: (await sql`select * from click_daily_referrers order by user_id, day, host`.execute(t.db)).rows,
    profileSlots: (await sql`select * from click_profile_slots order by user_id, slot`.execute(t.db)).rows,
  });

  it('rebuilds exactly the roll-ups the live clicks wrote', async () => {
    for (const seed of [3, 4]) {
      const m = await signupMember(t.app);
      await activate(t.db, m.userId);
      const linkId = await addOfferLink(t.app, m.token, m.userId);
      await t.app.inject({
        method: 'PUT',
        url: '/api/links/rotator',
        headers: bearer(m.token),
        payload: { user_id: m.userId, unique_window_hours: 2 },
      });
      // One at a time: a visitor's first click of the day is also the first one stored.
      const clicks = mixedClicks({
        from: new Date('2026-06-30T20:00:00Z'),
        spanMs: 30 * 3_600_000,
        count: 120,
        targets: [linkId, 'rotator'],
        seed,
      });
      await clickAll(t.app, m.userId, clicks, 1);
    }
    const live = await snapshot();
    expect(live.rollups.length).toBeGreaterThan(20);
    expect(live.daily.length).toBeGreaterThan(2);
    expect(live.profileSlots.length).toBeGreaterThan(20);

    const schema = await currentSchema(t.db);
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => ({ ...migrationsForTests }) },
      allowUnorderedMigrations: true,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect((await migrator.migrateTo('0008-outbox-jobs-link-health')).error).toBeUndefined();
    await migrateToLatest(t.db);
    expect(await snapshot()).toEqual(live);
  }, 60_000);
});
