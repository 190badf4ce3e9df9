import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import type { MailMessage } from '../mail';
import { escapeHtml, sendLater, type MailDeps } from '../mail';
import type { PaymentProvider } from './payment-provider';
import type { PaymentRow, StoredPaymentRow } from './payments.table';
import { dueRefunds, markRefunded } from './payments.repository';
import { formatAmount } from './receipt-mail';

/** The scheduler's job (jobs/scheduler.ts): one node at a time, every 15 minutes and as soon as a refund is due. */
export const PAYMENT_REFUNDS_JOB = 'payment-refunds';
export const PAYMENT_REFUNDS_INTERVAL_MS = 15 * 60_000;
const BATCH = 50;

/**
 * Gives back every payment whose refund is due (complete-payment.ts marks a second payment for a
 * plan already active). A provider that fails leaves the row due for the next run, so no refund
 * is lost while Stripe is away; the provider's idempotency makes a refund sent twice (a node that
 * died after Stripe answered) go back once. The member is mailed once, by the call that marks it.
 */
export async function refundDuePayments(deps: {
  db: Db;
  provider: PaymentProvider;
  mail: MailDeps;
  log: FastifyBaseLogger;
  signal?: AbortSignal;
}): Promise<{ refunded: number; failed: number }> {
  const { db, provider, log } = deps;
  const tally = { refunded: 0, failed: 0 };
  if (!provider.refund) return tally;
  for (const payment of await dueRefunds(db, BATCH)) {
    if (deps.signal?.aborted) break;
    try {
      await provider.refund(payment.id);
    } catch (err) {
      tally.failed++;
      log.warn({ sessionId: payment.id, cause: (err as Error).message }, 'a second payment could not be refunded yet: tried again later');
      continue;
    }
    const refundedAt = nowIso();
    if (await markRefunded(db, payment.id, refundedAt)) {
      tally.refunded++;
      log.info({ sessionId: payment.id, userId: payment.user_id, amountCents: payment.amount_cents }, 'a second payment was refunded');
      void sendRefundMail({ ...deps.mail, db }, { ...payment, refunded_at: refundedAt });
    }
  }
  return tally;
}

/** Tells the member the second payment went back and the plan stays as the first one made it. */
export function refundMail(options: {
  to: string;
  firstName: string;
  payment: Pick<PaymentRow, 'id' | 'amount_cents' | 'currency'>;
}): MailMessage {
  const { to, firstName, payment } = options;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const lines = [
    `You paid for your Rotalink plan twice, and your plan was already active. We have refunded the second payment of ${formatAmount(payment.amount_cents, payment.currency)} (reference ${payment.id}).`,
    'Your bank may take 5–10 days to show it. Your plan stays active; you keep the receipt of your first payment.',
  ];
  return {
    to,
    subject: 'Your second Rotalink payment has been refunded',
    text: [greeting, '', ...lines.flatMap((l) => [l, ''])].join('\n').trimEnd(),
    html: [greeting, ...lines].map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  };
}

function sendRefundMail(deps: MailDeps & { db: Db }, payment: StoredPaymentRow): Promise<void> {
  return sendLater(deps, 'payment refund', async () => {
    // A deleted account's refund goes back to its card all the same; there is nobody to mail.
    if (payment.user_id === null) return undefined;
    const payer = await deps.db.selectFrom('users').select(['email', 'first_name']).where('id', '=', payment.user_id).executeTakeFirst();
    return payer?.email ? refundMail({ to: payer.email, firstName: payer.first_name, payment }) : undefined;
  });
}
