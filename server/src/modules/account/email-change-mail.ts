import type { MailMessage } from '../mail';
import { escapeHtml, sendLater, type MailDeps } from '../mail';

/** The page that confirms a change (mf-public ./ConfirmEmail, routed by the shell at /confirm-email). */
export function confirmEmailLink(publicSiteUrl: string, token: string): string {
  return `${publicSiteUrl}/confirm-email?token=${encodeURIComponent(token)}`;
}

export function emailChangeMail(options: { to: string; firstName: string; link: string; ttlHours: number }): MailMessage {
  const { to, firstName, link, ttlHours } = options;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  return {
    to,
    subject: 'Confirm your new Rotalink email address',
    text: [
      greeting,
      '',
      'You asked to use this address for your Rotalink account. Open this link to confirm it:',
      '',
      link,
      '',
      `The link works once and expires in ${ttlHours} hours. Until it is opened, your account keeps its current email.`,
      'If you did not ask for this, ignore this mail.',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>
<p>You asked to use this address for your Rotalink account.</p>
<p><a href="${escapeHtml(link)}">Confirm this email address</a></p>
<p>Or paste this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once and expires in ${ttlHours} hours. Until it is opened, your account keeps its current email. If you did not ask for this, ignore this mail.</p>`,
  };
}

/** Told to the OLD address once the change is confirmed, so an unwanted change does not go unnoticed. */
export function emailChangedNotice(options: { to: string; firstName: string; newEmail: string }): MailMessage {
  const { to, firstName, newEmail } = options;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const body = `The email address of your Rotalink account was changed to ${newEmail}. From now on, sign in with that address.`;
  const warning = 'If you did not make this change, contact us at once (the contact details are on our terms page).';
  return {
    to,
    subject: 'Your Rotalink email address was changed',
    text: [greeting, '', body, '', warning].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>\n<p>${escapeHtml(body)}</p>\n<p>${escapeHtml(warning)}</p>`,
  };
}

/**
 * Told to the CURRENT address as soon as a change is asked for: a change the member did not make
 * can still be stopped, since a new password voids the pending link (new-password.ts).
 */
export function emailChangeRequestedNotice(options: { to: string; firstName: string; newEmail: string }): MailMessage {
  const { to, firstName, newEmail } = options;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const body = `Someone signed in to your Rotalink account asked to change its email address to ${newEmail}. Nothing changes until a link sent to that address is opened.`;
  const warning =
    'If this was not you, change your password now (Account settings, or "Forgot password?" on the sign-in page): that cancels the change and signs everyone else out.';
  return {
    to,
    subject: 'A change of your Rotalink email address was asked for',
    text: [greeting, '', body, '', warning].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>\n<p>${escapeHtml(body)}</p>\n<p>${escapeHtml(warning)}</p>`,
  };
}

/** The confirmation link, to the new address; in outbox mode the link is logged too (no mail server locally). */
export function sendEmailChangeMail(
  deps: MailDeps,
  options: { to: string; firstName: string; token: string; ttlHours: number },
): Promise<void> {
  const link = confirmEmailLink(deps.publicSiteUrl, options.token);
  if (deps.mailer.kind === 'outbox') deps.log.info({ confirmEmailLink: link, to: options.to }, 'email change: confirmation link');
  return sendLater(deps, 'email change confirmation', () => emailChangeMail({ ...options, link }));
}

export function sendEmailChangedNotice(deps: MailDeps, options: { to: string; firstName: string; newEmail: string }): Promise<void> {
  return sendLater(deps, 'email changed notice', () => emailChangedNotice(options));
}

export function sendEmailChangeRequestedNotice(
  deps: MailDeps,
  options: { to: string; firstName: string; newEmail: string },
): Promise<void> {
  return sendLater(deps, 'email change requested notice', () => emailChangeRequestedNotice(options));
}
