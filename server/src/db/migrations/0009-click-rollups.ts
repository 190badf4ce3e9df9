import { sql, type Kysely } from 'kysely';
import type { DbOrTrx } from '../database';
import { engineOf } from '../dialect-sql';

/**
 * Issue 15: click roll-ups, so the Stats page never scans raw events (decision 0064).
 *
 * - `click_rollups`: per profile, 15-minute slot (UTC) and link, the clicks by verdict, source and
 *   device, and the visitors first seen that UTC day. Primary key (user_id, slot, link_id): a
 *   profile's range is one contiguous read (SQLite: WITHOUT ROWID, the rows live in that order).
 * - `click_referrer_rollups`: per profile, slot and referrer host ('' = none).
 * - `click_visitor_days`: who was seen on the current UTC day (decision 0065); older days purged.
 * - `click_profile_totals`: a profile's all-time counts (admin totals; the change stamp of ETags).
 * - `click_events_time_idx`: the retention purge deletes by time across profiles.
 *
 * Back-filled from the events already stored, with the same rules as the live path
 * (modules/stats/rollup-batch.ts): a slot is the quarter hour of `created_at`, a visitor counts
 * once per UTC day at its first non-bot click.
 */
// The counters as they were when this migration was written (rollups.table.ts may grow later;
// a migration never imports the code it migrates for).
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
  // The back-fill reads every stored event once: no statement timeout for this transaction.
  if (postgres) await sql`set local statement_timeout = 0`.execute(db);
  const withoutRowid = <T extends { modifyEnd: (s: ReturnType<typeof sql.raw>) => T }>(b: T) =>
    postgres ? b : b.modifyEnd(sql.raw('without rowid'));

  let rollups = db.schema
    .createTable('click_rollups')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('link_id', 'text', (c) => c.notNull());
  for (const counter of COUNTERS) rollups = rollups.addColumn(counter, 'integer', (c) => c.notNull().defaultTo(0));
  await withoutRowid(rollups.addPrimaryKeyConstraint('click_rollups_pk', ['user_id', 'slot', 'link_id'])).execute();

  await withoutRowid(
    db.schema
      .createTable('click_referrer_rollups')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('all_clicks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('click_referrer_rollups_pk', ['user_id', 'slot', 'host']),
  ).execute();

  await withoutRowid(
    db.schema
      .createTable('click_visitor_days')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('click_visitor_days_pk', ['user_id', 'day', 'visitor']),
  ).execute();

  await db.schema
    .createTable('click_profile_totals')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('counted', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('repeat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bot', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.createIndex('click_events_time_idx').on('click_events').column('created_at').execute();
  await backfill(db);
}

/** The quarter hour of an ISO time, as text ('2026-10-25T01:15:00.000Z'); the same SQL on both engines. */
const slotOf = sql`substr(created_at, 1, 14) || (case
  when cast(substr(created_at, 15, 2) as integer) < 15 then '00'
  when cast(substr(created_at, 15, 2) as integer) < 30 then '15'
  when cast(substr(created_at, 15, 2) as integer) < 45 then '30'
  else '45' end) || ':00.000Z'`;

async function backfill(db: Kysely<unknown>): Promise<void> {
  const n = (cond: string) => sql.raw(`sum(case when ${cond} then 1 else 0 end)`);
  // rn = 1: the visitor's first non-bot click of its UTC day (bots are numbered apart).
  const ranked = sql`(select e.*, row_number() over (
      partition by user_id, substr(created_at, 1, 10), visitor, (case when verdict = 'bot' then 1 else 0 end)
      order by created_at, id) as rn
    from click_events e) ranked`;
  const firstVisit = "rn = 1 and verdict <> 'bot'";
  await sql`insert into click_rollups (user_id, slot, link_id, ${sql.raw(COUNTERS.join(', '))})
    select user_id, ${slotOf}, coalesce(link_id, ''),
      ${n("verdict = 'counted'")}, ${n("verdict = 'repeat'")}, ${n("verdict = 'bot'")},
      ${n("source = 'page'")}, ${n("source = 'page' and verdict = 'counted'")},
      ${n("source = 'rotator'")}, ${n("source = 'rotator' and verdict = 'counted'")},
      ${n("device = 'mobile'")}, ${n("device = 'mobile' and verdict = 'counted'")},
      ${n("device = 'tablet'")}, ${n("device = 'tablet' and verdict = 'counted'")},
      ${n("device = 'desktop'")}, ${n("device = 'desktop' and verdict = 'counted'")},
      ${n("device = 'bot'")}, ${n("device = 'bot' and verdict = 'counted'")},
      ${n(firstVisit)}
    from ${ranked}
    group by user_id, ${slotOf}, coalesce(link_id, '')`.execute(db);
  await sql`insert into click_referrer_rollups (user_id, slot, host, all_clicks, counted)
    select user_id, ${slotOf}, coalesce(referrer_host, ''), count(*), ${n("verdict = 'counted'")}
    from click_events group by user_id, ${slotOf}, coalesce(referrer_host, '')`.execute(db);
  await sql`insert into click_profile_totals (user_id, counted, repeat, bot, visitors)
    select user_id, ${n("verdict = 'counted'")}, ${n("verdict = 'repeat'")}, ${n("verdict = 'bot'")}, ${n(firstVisit)}
    from ${ranked} group by user_id`.execute(db);
  // Only the current UTC day's visitors can click again under the same hash.
  const today = new Date().toISOString().slice(0, 10);
  await sql`insert into click_visitor_days (user_id, day, visitor)
    select distinct user_id, substr(created_at, 1, 10), visitor from click_events
    where verdict <> 'bot' and created_at >= ${today}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('click_events_time_idx').execute();
  for (const t of ['click_profile_totals', 'click_visitor_days', 'click_referrer_rollups', 'click_rollups']) {
    await db.schema.dropTable(t).execute();
  }
}
