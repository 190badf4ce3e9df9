import { PLAN } from '@rotalink/shared-api/contract';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import type { PaymentVerification } from './payment-provider';
import type { PaymentRow } from './payments.table';
import { activatePlan, findPayerForUpdate, findPaymentForUpdate, markPaid, markRefundDue, planIsActive } from './payments.repository';

/**
 * - `paid`: the payment is recorded as paid and the plan is active (now or by an earlier call).
 * - `unpaid`: the provider does not (yet) say paid.
 * - `unknown`: we never created this session.
 * - `mismatch`: the provider's session is not the one we created (other user, amount or currency).
 * - `already-active`: a local checkout session opened before another one activated the plan
 *   (two tabs, an old checkout page): nothing is charged, the session stays unpaid.
 */
export type CompletionResult = 'paid' | 'unpaid' | 'unknown' | 'mismatch' | 'already-active';

/** Told once per payment, after the COMMIT that activated the plan (the receipt mail hangs here). */
export type OnActivated = (payment: PaymentRow) => void;

/**
 * Told once, after the COMMIT, of a provider's payment for a plan another payment had already
 * activated: the provider took the money, so it is recorded as paid with its refund due (in the
 * same transaction), and the plan is left as it was. refund-payments.ts gives the money back.
 */
export type OnDuplicate = (payment: PaymentRow) => void;

/**
 * Records a provider-confirmed payment and activates the plan, exactly once however many times
 * it is called (payment-success, the webhook and the local Pay button may all arrive):
 * the pending → paid update and the plan activation are one transaction, and only the call
 * whose update changed the row activates — and only that call runs `onActivated`.
 */
export async function completePayment(options: {
  db: Db;
  verification: PaymentVerification;
  onActivated?: OnActivated;
  onDuplicate?: OnDuplicate;
}): Promise<CompletionResult> {
  const { db, verification: v } = options;
  let activated: PaymentRow | undefined;
  let duplicate: PaymentRow | undefined;
  const result = await db.transaction().execute(async (trx): Promise<CompletionResult> => {
    const row = await findPaymentForUpdate(trx, v.sessionId);
    if (!row) return 'unknown';
    // Never trust the provider's echo blindly: it must be the session we created, for our price.
    const matches =
      v.userId === row.user_id &&
      v.amountCents === row.amount_cents &&
      v.currency?.toLowerCase() === row.currency &&
      row.amount_cents === PLAN.amountCents;
    if (!matches) return 'mismatch';
    if (row.status === 'paid') return 'paid';
    if (!v.paid) return 'unpaid';
    const now = nowIso();
    // A lifetime plan is bought once: the payer's row is locked, so of two sessions completing
    // at once the second sees the plan the first activated.
    const payer = await findPayerForUpdate(trx, row.user_id);
    const active = payer !== undefined && planIsActive(payer, now);
    // The local checkout is its own payment authority: refusing its Pay charges nobody.
    if (active && row.provider === 'local') return 'already-active';
    if (await markPaid(trx, row.id, now)) {
      const paid: PaymentRow = { ...row, status: 'paid', paid_at: now };
      if (active) {
        await markRefundDue(trx, row.id);
        duplicate = { ...paid, refund_status: 'due' };
      } else {
        await activatePlan(trx, row.user_id, row.amount_cents, now);
        activated = paid;
      }
    }
    return 'paid';
  });
  if (activated) options.onActivated?.(activated);
  if (duplicate) options.onDuplicate?.(duplicate);
  return result;
}
