import { sql, type Kysely } from 'kysely';

/**
 * Issue 32: vanity handles and custom domains.
 *
 * - `profile_handles`: one row per handle a profile holds. `state` 'current' is the one in use
 *   (at most one per profile: the partial unique index); 'old' rows are handles the profile
 *   changed away from, still redirecting until `frees_at`, then anyone may claim them (a claim
 *   deletes expired rows first). `skeleton` is the handle's UTS #39 confusable skeleton: a claim
 *   whose skeleton another profile holds is a look-alike and refused. The handle itself is the
 *   primary key, so two profiles can never hold the same one, even when claiming at once.
 * - `custom_domains`: one hostname per member account (`user_id` unique) and one account per
 *   hostname (the key). `token` is what the TXT record `_rotalink.<hostname>` must hold;
 *   `verified_at` is set while the record is found and cleared when a check no longer finds it.
 * Both go with the profile they belong to (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profile_handles')
    .addColumn('handle', 'text', (c) => c.primaryKey())
    .addColumn('skeleton', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('frees_at', 'text')
    .execute();
  await db.schema
    .createIndex('profile_handles_current_idx')
    .on('profile_handles')
    .column('profile_id')
    .unique()
    .where(sql.ref('state'), '=', 'current')
    .execute();
  await db.schema.createIndex('profile_handles_profile_idx').on('profile_handles').column('profile_id').execute();
  await db.schema.createIndex('profile_handles_skeleton_idx').on('profile_handles').column('skeleton').execute();

  await db.schema
    .createTable('custom_domains')
    .addColumn('hostname', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('checked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_domains').execute();
  await db.schema.dropTable('profile_handles').execute();
}
