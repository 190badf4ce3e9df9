import { PLAN } from '@rotalink/shared-api/contract';
import type { Db } from '../../db/database';
import type { MailMessage } from '../mail';
import { escapeHtml, sendLater, type MailDeps } from '../mail';
import type { PaymentRow } from './payments.table';

export const formatAmount = (cents: number, currency: string) => `$${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** The receipt for a completed payment (issue 13): what was bought, for how much, when, and its reference. */
export function receiptMail(options: {
  to: string;
  firstName: string;
  payment: Pick<PaymentRow, 'id' | 'amount_cents' | 'currency' | 'paid_at'>;
  publicSiteUrl: string;
}): MailMessage {
  const { to, firstName, payment, publicSiteUrl } = options;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const amount = formatAmount(payment.amount_cents, payment.currency);
  // Dates in mail are UTC and say so: the reader's time zone is unknown here.
  const paidAt = `${(payment.paid_at ?? new Date().toISOString()).slice(0, 16).replace('T', ' ')} UTC`;
  const dashboard = `${publicSiteUrl}/user`;
  const rows: Array<[string, string]> = [
    ['Plan', `Rotalink ${PLAN.label} plan (${PLAN.linksPerProfile} links per profile, paid once)`],
    ['Amount paid', amount],
    ['Date', paidAt],
    ['Reference', payment.id],
  ];
  return {
    to,
    subject: 'Your Rotalink receipt',
    text: [
      greeting,
      '',
      'Thank you for your payment. Your plan is active.',
      '',
      ...rows.map(([k, v]) => `${k}: ${v}`),
      '',
      `Your dashboard: ${dashboard}`,
      '',
      'Keep this mail as your receipt.',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>
<p>Thank you for your payment. Your plan is active.</p>
<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p><a href="${escapeHtml(dashboard)}">Open your dashboard</a></p>
<p>Keep this mail as your receipt.</p>`,
  };
}

/**
 * Mails the receipt of a payment that has just been completed, after the answer of whichever call
 * completed it (payment-success, the local Pay button, the Stripe webhook); a failure is logged.
 */
export function sendReceiptMail(deps: MailDeps & { db: Db }, payment: PaymentRow): Promise<void> {
  return sendLater(deps, 'payment receipt', async () => {
    const payer = await deps.db.selectFrom('users').select(['email', 'first_name']).where('id', '=', payment.user_id).executeTakeFirst();
    if (!payer?.email) {
      deps.log.warn({ paymentId: payment.id }, 'payment receipt: the payer has no email, no receipt sent');
      return undefined;
    }
    return receiptMail({ to: payer.email, firstName: payer.first_name, payment, publicSiteUrl: deps.publicSiteUrl });
  });
}
