import type { DbOrTrx } from '../../db/database';
import { escapeHtml, type MailDeps, type MailMessage } from '../mail';
import { MAIL_KIND } from '../outbox';

/**
 * Security notices (issue 29): a change of password or of email address is told to the account's
 * mailbox, with the way back if the member did not make it. They are written to the outbox in the
 * transaction of the change itself, so the mail exists exactly when the change committed; call
 * `deps.outbox.wake()` after the commit.
 */
export function forgotPasswordLink(publicSiteUrl: string): string {
  return `${publicSiteUrl}/forgotpassword`;
}

function securityMail(o: { to: string; firstName: string; subject: string; what: string; resetUrl: string }): MailMessage {
  const greeting = o.firstName ? `Hello ${o.firstName},` : 'Hello,';
  const ifNotYou = "If this wasn't you, reset your password here (that also signs everyone else out):";
  return {
    to: o.to,
    subject: o.subject,
    text: [greeting, '', o.what, '', ifNotYou, o.resetUrl, '', 'If it was you, there is nothing more to do.'].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(o.what)}</p>
<p>${escapeHtml(ifNotYou)}<br><a href="${escapeHtml(o.resetUrl)}">Reset your password</a> (${escapeHtml(o.resetUrl)})</p>
<p>If it was you, there is nothing more to do.</p>`,
  };
}

export function passwordChangedMail(o: { to: string; firstName: string; at: string; resetUrl: string }): MailMessage {
  return securityMail({
    ...o,
    subject: 'Your Rotalink password was changed',
    what: `The password of your Rotalink account was changed on ${o.at.slice(0, 16).replace('T', ' ')} UTC. Every other session was signed out.`,
  });
}

/** To the NEW address once it is confirmed (the old one gets email-change-mail.ts's notice). */
export function emailNowHereMail(o: { to: string; firstName: string; resetUrl: string }): MailMessage {
  return securityMail({
    ...o,
    subject: 'Your Rotalink account now uses this email address',
    what: 'Your Rotalink account now uses this email address: sign in with it from now on.',
  });
}

/** Queues a notice in `trx`, the transaction of the change it tells about. */
export async function queueSecurityMail(deps: Pick<MailDeps, 'outbox'>, trx: DbOrTrx, userId: string, what: string, mail: MailMessage) {
  await deps.outbox.enqueue({ kind: MAIL_KIND, payload: { what, mail }, userId }, trx);
}
