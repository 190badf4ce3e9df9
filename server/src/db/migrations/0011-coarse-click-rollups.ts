import { sql, type Kysely } from 'kysely';
import type { DbOrTrx } from '../database';
import { engineOf } from '../dialect-sql';

/**
 * Issue 15: coarser roll-ups beside the 15-minute ones of 0009, so a month's Stats page reads
 * hundreds of rows instead of tens of thousands (decision 0064, "Read levels").
 *
 * - `click_daily_rollups`: per profile, UTC day ('2026-10-25') and link, every counter of
 *   click_rollups. The summary reads whole UTC days here and only the range's edges in slots.
 * - `click_daily_referrers`: per profile, UTC day and referrer host ('' = none).
 * - `click_profile_slots`: per profile and 15-minute slot, counted / repeat / bot of all links
 *   together: the series of a profile (no link_id) reads one row per slot, not one per link.
 *
 * Back-filled from the 15-minute roll-ups (they hold everything these sum), so events already
 * purged by retention are still counted.
 */
// Frozen counter list (as in 0009): a migration never imports the code it migrates for.
const COUNTERS = [
  'counted',
  'repeat',
  'bot',
  'page',
  'page_counted',
  'rotator',
  'rotator_counted',
  'mobile',
  'mobile_counted',
  'tablet',
  'tablet_counted',
  'desktop',
  'desktop_counted',
  'bot_device',
  'bot_device_counted',
  'visitors',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db as unknown as DbOrTrx) === 'postgres';
  if (postgres) await sql`set local statement_timeout = 0`.execute(db);
  const withoutRowid = <T extends { modifyEnd: (s: ReturnType<typeof sql.raw>) => T }>(b: T) =>
    postgres ? b : b.modifyEnd(sql.raw('without rowid'));

  let daily = db.schema
    .createTable('click_daily_rollups')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('link_id', 'text', (c) => c.notNull());
  for (const counter of COUNTERS) daily = daily.addColumn(counter, 'integer', (c) => c.notNull().defaultTo(0));
  await withoutRowid(daily.addPrimaryKeyConstraint('click_daily_rollups_pk', ['user_id', 'day', 'link_id'])).execute();

  await withoutRowid(
    db.schema
      .createTable('click_daily_referrers')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('all_clicks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('click_daily_referrers_pk', ['user_id', 'day', 'host']),
  ).execute();

  await withoutRowid(
    db.schema
      .createTable('click_profile_slots')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('repeat', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bot', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('click_profile_slots_pk', ['user_id', 'slot']),
  ).execute();

  const sums = sql.raw(COUNTERS.map((c) => `sum(${c})`).join(', '));
  await sql`insert into click_daily_rollups (user_id, day, link_id, ${sql.raw(COUNTERS.join(', '))})
    select user_id, substr(slot, 1, 10), link_id, ${sums}
    from click_rollups group by user_id, substr(slot, 1, 10), link_id`.execute(db);
  await sql`insert into click_daily_referrers (user_id, day, host, all_clicks, counted)
    select user_id, substr(slot, 1, 10), host, sum(all_clicks), sum(counted)
    from click_referrer_rollups group by user_id, substr(slot, 1, 10), host`.execute(db);
  await sql`insert into click_profile_slots (user_id, slot, counted, repeat, bot)
    select user_id, slot, sum(counted), sum(repeat), sum(bot)
    from click_rollups group by user_id, slot`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['click_profile_slots', 'click_daily_referrers', 'click_daily_rollups']) await db.schema.dropTable(t).execute();
}
