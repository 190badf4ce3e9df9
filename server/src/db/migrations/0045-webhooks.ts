import type { Kysely } from 'kysely';

/**
 * Issue 31, outgoing webhooks.
 *
 * - `webhook_endpoints`: an account's receivers (a member's account: its sub-profiles' events go
 *   there too). `secret_sealed`: the signing secret, AES-256-GCM under a key from JWT_SECRET (it
 *   must be read to sign, so it cannot be hashed like an API key). `failing_since`: the start of
 *   the current run of failed tries; too long a run sets `disabled_at`.
 * - `webhook_deliveries`: the delivery log, one row per (event, endpoint), written in the same
 *   transaction as its outbox row. `id` is the `webhook-id` header (stable across retries);
 *   `event_key` is unique per endpoint, so one fact is queued once. Kept bounded per endpoint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    /** Comma-separated event types (shared-api WEBHOOK_EVENTS). */
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('failing_since', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('disabled_reason', 'text')
    .execute();
  await db.schema.createIndex('webhook_endpoints_user_idx').on('webhook_endpoints').column('user_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'text')
    .addColumn('response_code', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_event_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'event_key'])
    .unique()
    .execute();
  await db.schema.createIndex('webhook_deliveries_log_idx').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
