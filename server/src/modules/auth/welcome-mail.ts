import { PLAN } from '@rotalink/shared-api/contract';
import type { MailMessage } from '../mail';
import { escapeHtml, sendLater, type MailDeps } from '../mail';

/** The welcome mail after sign-up (issue 13): where the dashboard is and what comes next. */
export function welcomeMail(options: { to: string; firstName: string; publicSiteUrl: string }): MailMessage {
  const { to, firstName, publicSiteUrl } = options;
  const dashboard = `${publicSiteUrl}/user`;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  return {
    to,
    subject: 'Welcome to Rotalink',
    text: [
      greeting,
      '',
      'Your Rotalink account is ready. Sign in to your dashboard:',
      '',
      dashboard,
      '',
      `With the lifetime plan ($${PLAN.amount}, paid once) you add up to ${PLAN.linksPerProfile} links to your public page,`,
      'which visitors click in order, and run sub-profiles with pages of their own.',
      '',
      'If you did not sign up, ignore this mail.',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>
<p>Your Rotalink account is ready. <a href="${escapeHtml(dashboard)}">Open your dashboard</a>.</p>
<p>With the lifetime plan ($${PLAN.amount}, paid once) you add up to ${PLAN.linksPerProfile} links to your public page, which visitors click in order, and run sub-profiles with pages of their own.</p>
<p>If you did not sign up, ignore this mail.</p>`,
  };
}

/** Sends the welcome mail after the sign-up's answer; a failure is logged, never the sign-up's. */
export function sendWelcomeMail(deps: MailDeps, user: { email: string; firstName: string }): Promise<void> {
  return sendLater(deps, 'welcome', () => welcomeMail({ to: user.email, firstName: user.firstName, publicSiteUrl: deps.publicSiteUrl }));
}
