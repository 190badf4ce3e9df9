import type { Selectable } from 'kysely';

/**
 * payments (DESIGN §5). Lives here rather than in modules/payment/ only because the migration
 * that creates every table landed first; the payment module owns its use.
 */
export interface PaymentsTable {
  /** The provider's session id (local: our opaque id; stripe: cs_…). */
  id: string;
  /** null: the account was deleted; the row stays for bookkeeping, naming nobody (issue 33, decision 0145). */
  user_id: string | null;
  provider: 'local' | 'stripe';
  amount_cents: number;
  currency: string;
  /** 'pending' | 'paid' | 'canceled' */
  status: string;
  created_at: string;
  paid_at: string | null;
  /** A paid session for a plan already active must go back (migration 0012): null | 'due' | 'refunded'. */
  refund_status: 'due' | 'refunded' | null;
  refunded_at: string | null;
}
/** Any stored payment, a deleted account's included (its refund still goes back, with no mail). */
export type StoredPaymentRow = Selectable<PaymentsTable>;
/** A payment as the payment module reads it: one of an account that exists (payments.repository.ts reads no other). */
export type PaymentRow = Omit<Selectable<PaymentsTable>, 'user_id'> & { user_id: string };
