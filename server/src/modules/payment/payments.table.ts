import type { Selectable } from 'kysely';

/**
 * payments (DESIGN §5). Lives here rather than in modules/payment/ only because the migration
 * that creates every table landed first; the payment module owns its use.
 */
export interface PaymentsTable {
  /** The provider's session id (local: our opaque id; stripe: cs_…). */
  id: string;
  user_id: string;
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
export type PaymentRow = Selectable<PaymentsTable>;
