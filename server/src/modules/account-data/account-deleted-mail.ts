import { escapeHtml, type MailMessage } from '../mail';

/**
 * The confirmation that the account is gone (issue 33). Its outbox row names no account (the
 * account no longer exists once it commits), only the address captured before the deletion;
 * the outbox empties the payload once the mail is sent.
 */
export function accountDeletedMail(o: { to: string; firstName: string; at: string }): MailMessage {
  const greeting = o.firstName ? `Hello ${o.firstName},` : 'Hello,';
  const lines = [
    `Your Rotalink account was deleted on ${o.at.slice(0, 16).replace('T', ' ')} UTC, as you asked. Every session was signed out.`,
    'Your profile, sub-profiles, links, settings, click events and conversions are gone. We keep only the payment records bookkeeping requires (amount, currency, dates and the payment provider’s reference), without your name or email address.',
    'You can sign up again with this address at any time; it starts a new, empty account.',
  ];
  return {
    to: o.to,
    subject: 'Your Rotalink account was deleted',
    text: [greeting, '', ...lines.flatMap((l) => [l, ''])].join('\n').trimEnd(),
    html: [greeting, ...lines].map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  };
}
