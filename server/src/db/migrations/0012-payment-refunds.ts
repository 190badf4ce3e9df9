import { sql, type Kysely } from 'kysely';

/**
 * A second payment for a lifetime plan that was already active (two Stripe tabs both paid before
 * we heard of either) is refunded by the server, not by an operator. The duty to refund is written
 * in the same transaction that records the payment, so a node that dies before Stripe answers
 * leaves it for the refund job:
 * - `refund_status`: null (nothing to refund), 'due', or 'refunded';
 * - `refunded_at`: when Stripe accepted the refund.
 * The partial index keeps the job's look for due refunds to the few rows that have one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('refund_status', 'text').execute();
  await db.schema.alterTable('payments').addColumn('refunded_at', 'text').execute();
  await db.schema
    .createIndex('payments_refund_due_idx')
    .on('payments')
    .column('created_at')
    .where(sql.ref('refund_status'), '=', 'due')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_refund_due_idx').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_at').execute();
  await db.schema.alterTable('payments').dropColumn('refund_status').execute();
}
