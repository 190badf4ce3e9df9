import type { DbOrTrx } from '../../db/database';
import { forUpdate } from '../../db/dialect-sql';
import type { PaymentRow, StoredPaymentRow } from './payments.table';

export async function insertPayment(
  db: DbOrTrx,
  row: { id: string; userId: string; provider: PaymentRow['provider']; amountCents: number; currency: string; now: string },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      id: row.id,
      user_id: row.userId,
      provider: row.provider,
      amount_cents: row.amountCents,
      currency: row.currency,
      status: 'pending',
      created_at: row.now,
      paid_at: null,
    })
    .execute();
}

/**
 * A deleted account's payment (user_id emptied, decision 0145) is not found here: its checkout can
 * no longer complete or be shown, as when the cascade deleted it.
 */
export function findPayment(db: DbOrTrx, id: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', 'is not', null)
    .$narrowType<{ user_id: string }>()
    .executeTakeFirst();
}

/** Inside a transaction: the row, locked on PostgreSQL so two confirmations of one session serialise. */
export function findPaymentForUpdate(trx: DbOrTrx, id: string): Promise<PaymentRow | undefined> {
  return forUpdate(
    trx,
    trx.selectFrom('payments').selectAll().where('id', '=', id).where('user_id', 'is not', null).$narrowType<{ user_id: string }>(),
  ).executeTakeFirst();
}

/** → paid, once: true only for the call that made the change (the one that activates the plan). */
export async function markPaid(trx: DbOrTrx, id: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('payments')
    .set({ status: 'paid', paid_at: now })
    .where('id', '=', id)
    .where('status', '<>', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The lifetime plan (spec §9: sent as 'monthly'; no expiry). Price stored in cents. */
export async function activatePlan(trx: DbOrTrx, userId: string, priceCents: number, now: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      subscription_status: 'active',
      subscription_type: 'monthly',
      package_price_cents: priceCents,
      package_joined_date: now,
      package_expiry_date: null,
    })
    .where('id', '=', userId)
    .execute();
}

/** DESIGN §6: a plan is active when its status is active and its expiry (if any) has not passed. */
export function planIsActive(payer: { subscription_status: string | null; package_expiry_date: string | null }, now: string): boolean {
  return payer.subscription_status === 'active' && (payer.package_expiry_date === null || payer.package_expiry_date > now);
}

/** The payer, locked until the transaction ends: two sessions of one account complete one after the other. */
export function findPayerForUpdate(trx: DbOrTrx, userId: string) {
  return forUpdate(
    trx,
    trx.selectFrom('users').select(['subscription_status', 'package_expiry_date']).where('id', '=', userId),
  ).executeTakeFirst();
}

export function findPayer(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'parent_id', 'email', 'subscription_status', 'package_expiry_date'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A member's other checkout sessions still open (a second tab, an old page). */
export function openSessionsOf(db: DbOrTrx, userId: string, exceptId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'provider'])
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('id', '<>', exceptId)
    .execute();
}

/** pending → canceled: the provider closed the session. A payment that arrives anyway is still recorded (complete-payment.ts). */
export async function markCanceled(db: DbOrTrx, id: string): Promise<void> {
  await db.updateTable('payments').set({ status: 'canceled' }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/** In the transaction that records a second payment for an active plan: the money must go back. */
export async function markRefundDue(trx: DbOrTrx, id: string): Promise<void> {
  await trx.updateTable('payments').set({ refund_status: 'due' }).where('id', '=', id).execute();
}

/** The oldest payments still to refund (migration 0012's partial index). */
export function dueRefunds(db: DbOrTrx, limit: number): Promise<StoredPaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('refund_status', '=', 'due').orderBy('created_at').limit(limit).execute();
}

/** due → refunded, once: true only for the call that made the change (the one that mails the member). */
export async function markRefunded(db: DbOrTrx, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ refund_status: 'refunded', refunded_at: now })
    .where('id', '=', id)
    .where('refund_status', '=', 'due')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
