import type { Kysely } from 'kysely';

/**
 * Issue 16: notifications that are never lost or doubled, scheduled jobs that run once across all
 * API nodes, and link health.
 *
 * - `job_runs`: one row per scheduled job (jobs/scheduler.ts). A node runs a job only after it has
 *   taken the row's lease with one conditional UPDATE; the lease expires, so a node that dies
 *   mid-run does not hold the job for ever.
 * - `outbox`: mail to send (modules/outbox). A row is written in the same transaction as the
 *   change it tells about (the click that filled a link), then delivered by a worker that leases
 *   rows (`FOR UPDATE SKIP LOCKED` on PostgreSQL), retries with backoff, and marks them sent.
 *   `dedupe_key` (unique when set) keeps one fact from ever being queued twice.
 * - `links`: pause state (`paused_at`, `paused_by`, `pause_reason`) and the last health check
 *   (`check_failures` in a row, `last_check_at`, `last_check_ok`, `last_check_result`).
 * - `rotators`: the two per-profile notification switches (1 = on, the default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_error', 'text')
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Cascade: a deleted account's unsent notifications go with it.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_user_kind_idx').on('outbox').columns(['user_id', 'kind', 'created_at']).execute();

  for (const [name, type] of [
    ['paused_at', 'text'],
    ['paused_by', 'text'],
    ['pause_reason', 'text'],
    ['last_check_at', 'text'],
    ['last_check_ok', 'integer'],
    ['last_check_result', 'text'],
  ] as const) {
    await db.schema.alterTable('links').addColumn(name, type).execute();
  }
  await db.schema
    .alterTable('links')
    .addColumn('check_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('rotators')
    .addColumn('notify_link_completed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('rotators')
    .addColumn('notify_queue_empty', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rotators').dropColumn('notify_queue_empty').execute();
  await db.schema.alterTable('rotators').dropColumn('notify_link_completed').execute();
  for (const name of ['check_failures', 'last_check_result', 'last_check_ok', 'last_check_at', 'pause_reason', 'paused_by', 'paused_at']) {
    await db.schema.alterTable('links').dropColumn(name).execute();
  }
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('job_runs').execute();
}
