import type { Kysely } from 'kysely';

/**
 * Issue 33: the admin's two-factor sign-in. The TOTP secret is kept encrypted (AES-256-GCM under
 * a key derived from JWT_SECRET), pending until a code from it is confirmed; `last_step` refuses a
 * code used twice. Recovery codes: only their keyed hash, each good once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_two_factor')
    .addColumn('admin_id', 'text', (c) => c.primaryKey().references('admins.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text')
    .addColumn('pending_secret_enc', 'text')
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('admin_recovery_codes_admin_idx').on('admin_recovery_codes').column('admin_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_recovery_codes').execute();
  await db.schema.dropTable('admin_two_factor').execute();
}
