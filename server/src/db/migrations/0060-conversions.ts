import { sql, type Kysely } from 'kysely';

/**
 * Issue 30: conversions.
 *
 * - `click_events.click_id`: the click's public id (modules/traffic/click-ids.ts). It starts
 *   with the click's time, so a postback finds its click through the existing
 *   (user_id, created_at) index: no index of its own, no extra write per click.
 * - `links.click_param`: a query parameter to append the click id as (`subid`, `aff_sub`…); null: none.
 * - `conversion_settings`: per profile, the postback key, the default currency, the attribution
 *   window and the first-conversion mail switch (no row: no key yet, the defaults).
 * - `conversions`: one row per sale, unique per (profile, txid) — that index is what makes a
 *   postback count once whatever the retries, on any number of API nodes. A refund marks its
 *   sale (`refunded_at`) instead of adding a row. `link_id` null with `attributed` 0: the click was
 *   unknown or older than the window (kept for the owner, never counted to a link). Money in
 *   minor units of `currency` (cents; yen; fils).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('click_events').addColumn('click_id', 'text').execute();
  await db.schema.alterTable('links').addColumn('click_param', 'text').execute();

  await db.schema
    .createTable('conversion_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('postback_key', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('attribution_days', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('notify_first_conversion', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('key_created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('click_id', 'text')
    .addColumn('click_at', 'text')
    .addColumn('link_id', 'text')
    .addColumn('source', 'text')
    .addColumn('attributed', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema.createIndex('conversions_txid_idx').on('conversions').columns(['user_id', 'txid']).unique().execute();
  await db.schema.createIndex('conversions_profile_time_idx').on('conversions').columns(['user_id', 'created_at']).execute();
  // The first-conversion mail asks "has this link converted before?".
  await db.schema
    .createIndex('conversions_link_idx')
    .on('conversions')
    .columns(['link_id'])
    .where(sql.ref('link_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversions').execute();
  await db.schema.dropTable('conversion_settings').execute();
  await db.schema.alterTable('links').dropColumn('click_param').execute();
  await db.schema.alterTable('click_events').dropColumn('click_id').execute();
}
