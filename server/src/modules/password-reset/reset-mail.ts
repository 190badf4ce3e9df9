import type { MailMessage } from '../mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** DESIGN §7: the mail holds `{PUBLIC_SITE_URL}/resetpassword?token=…`. */
export function resetLink(publicSiteUrl: string, token: string): string {
  return `${publicSiteUrl}/resetpassword?token=${encodeURIComponent(token)}`;
}

export function resetMail(options: { to: string; firstName: string; link: string; ttlMinutes: number }): MailMessage {
  const { to, firstName, link, ttlMinutes } = options;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  return {
    to,
    subject: 'Reset your Rotalink password',
    text: [
      greeting,
      '',
      'Someone (hopefully you) asked to reset the password of your Rotalink account.',
      'Open this link to choose a new password:',
      '',
      link,
      '',
      `The link works once and expires in ${ttlMinutes} minutes.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>
<p>Someone (hopefully you) asked to reset the password of your Rotalink account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>Or paste this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once and expires in ${ttlMinutes} minutes. If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
  };
}
