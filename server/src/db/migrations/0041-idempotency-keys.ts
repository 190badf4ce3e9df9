import type { Kysely } from 'kysely';

/**
 * Issue 31, the public REST API: an `Idempotency-Key` sent on a POST is remembered per account
 * for 24 hours with a fingerprint of its request and, once answered, the answer itself, so a
 * retried create makes one link and replays the first answer. The primary key (account, key) is
 * what makes concurrent retries safe: one INSERT wins, the others wait for its answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idem_key', 'text', (c) => c.notNull())
    /** sha256 (hex) of method, path and body: the same key for another request is refused. */
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    /** null while the first request is still being answered. */
    .addColumn('status_code', 'integer')
    .addColumn('answer', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expiry_idx').on('idempotency_keys').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
