import { sql, type Kysely } from 'kysely';
import type { DbOrTrx } from '../database';
import { engineOf } from '../dialect-sql';

/**
 * Issue 14: the rotator link, its per-profile settings and qualified clicks.
 *
 * - `rotators`: one row per profile that saved its rotator settings (no row = the defaults), plus
 *   the rotator's own state: the round-robin cursor and how many times the queue restarted.
 * - `click_events`: every click, from the page or the rotator, with its verdict. Never an IP: the
 *   visitor is a keyed hash whose key changes every UTC day (`visitor_keys`). Read per profile and
 *   time range (analytics) and, where a profile needs it, per visitor (repeats, spillover).
 * - `visitor_keys`: the random key of the current UTC day; older keys are deleted, so yesterday's
 *   hashes cannot be recomputed from an address by anyone, us included.
 * - `links.counted_clicks` / `all_clicks`: lifetime totals kept beside `clicks` (which a reset or
 *   a restart puts back to 0) in the same UPDATE as the click, so the member's list reads no events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db as unknown as DbOrTrx) === 'postgres';

  await db.schema
    .createTable('rotators')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('fulfillment'))
    .addColumn('on_finish', 'text', (c) => c.notNull().defaultTo('page'))
    .addColumn('backup_url', 'text')
    .addColumn('unique_window_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('filter_bots', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_link_id', 'text')
    .addColumn('restarts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('click_events')
    // SQLite: INTEGER PRIMARY KEY is the rowid itself (no second b-tree); PostgreSQL: bigserial.
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // No foreign key: a deleted link's events stay in its profile's history.
    .addColumn('link_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('verdict', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text')
    .addColumn('visitor', 'text', (c) => c.notNull())
    // 1 when the profile looked visitors up at that time (a unique window, or spillover).
    .addColumn('tracked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('click_events_profile_time_idx').on('click_events').columns(['user_id', 'created_at']).execute();
  // Partial: a visitor hash is random, so each entry lands on a random page of the index; that
  // cost (measured: ~4x the insert's CPU and WAL pages) is paid only by profiles that use it.
  await db.schema
    .createIndex('click_events_visitor_idx')
    .on('click_events')
    .columns(['visitor', 'user_id', 'created_at'])
    .where(sql.ref('tracked'), '=', sql.lit(1))
    .execute();

  await db.schema
    .createTable('visitor_keys')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('links')
    .addColumn('counted_clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('links')
    .addColumn('all_clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Every click before this migration burned the cap, so it was a counted one.
  await sql`update links set counted_clicks = clicks, all_clicks = clicks`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('links').dropColumn('all_clicks').execute();
  await db.schema.alterTable('links').dropColumn('counted_clicks').execute();
  for (const t of ['visitor_keys', 'click_events', 'rotators']) await db.schema.dropTable(t).execute();
}
