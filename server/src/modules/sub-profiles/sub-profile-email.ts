import { randomBytes } from 'node:crypto';
import type { DbOrTrx } from '../../db/database';
import { EMAIL_CHANGE_TTL_MS, confirmEmailLink, hashEmailToken, insertEmailChange, useAllEmailChanges } from '../account';
import type { MailMessage } from '../mail';
import { escapeHtml, type MailDeps } from '../mail';
import { MAIL_KIND } from '../outbox';

/**
 * Issue 33: an address a member puts on a sub-profile is not reserved until a link mailed to it
 * is opened (account/change-email.ts's confirm-email does the rest: it clears
 * `email_pending_since`). Until then a sign-up or a confirmed change of that address takes it
 * over, and no password reset goes to it. The link and its mail are written in the caller's
 * transaction (the outbox), so the mail exists exactly when the address was set.
 */
export async function askToConfirmSubProfileEmail(
  trx: DbOrTrx,
  mail: MailDeps,
  sub: { id: string; email: string; firstName: string; memberName: string },
  now: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await useAllEmailChanges(trx, sub.id, now);
  await insertEmailChange(trx, {
    tokenHash: hashEmailToken(token),
    userId: sub.id,
    newEmail: sub.email,
    expiresAt: new Date(Date.parse(now) + EMAIL_CHANGE_TTL_MS).toISOString(),
    now,
  });
  const link = confirmEmailLink(mail.publicSiteUrl, token);
  if (mail.mailer.kind === 'outbox') mail.log.info({ confirmEmailLink: link, to: sub.email }, 'sub-profile email: confirmation link');
  const message = subProfileEmailMail({ to: sub.email, firstName: sub.firstName, memberName: sub.memberName, link });
  await mail.outbox.enqueue({ kind: MAIL_KIND, payload: { what: 'sub-profile email confirmation', mail: message }, userId: sub.id }, trx);
}

export function subProfileEmailMail(o: { to: string; firstName: string; memberName: string; link: string }): MailMessage {
  const greeting = o.firstName ? `Hello ${o.firstName},` : 'Hello,';
  const body = `${o.memberName} gave this address to a profile on Rotalink. Open this link to confirm that the address is yours and may be used to sign in to that profile:`;
  const after = `The link works once and expires in ${EMAIL_CHANGE_TTL_MS / 3600_000} hours. If this is not your address, or you do not know ${o.memberName}, ignore this mail: the address stays free for you.`;
  return {
    to: o.to,
    subject: 'Confirm your email address for a Rotalink profile',
    text: [greeting, '', body, '', o.link, '', after].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(o.link)}">Confirm this email address</a></p>
<p>Or paste this link into your browser:<br>${escapeHtml(o.link)}</p>
<p>${escapeHtml(after)}</p>`,
  };
}
