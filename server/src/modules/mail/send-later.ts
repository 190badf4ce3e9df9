import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer';

/** What a use case needs to send a mail of its own (welcome, receipt, email confirmation). */
export interface MailDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** PUBLIC_SITE_URL: links in mail point at the shell's pages. */
  publicSiteUrl: string;
}

/**
 * Sends a mail after the current answer has gone out, never in its way: the request neither waits
 * for the mail server nor fails with it; a failure is logged (`what` names the mail). Returns the
 * delivery so tests can wait for it. A transactional outbox (issue 16) can replace this one
 * function without touching the mails or their callers.
 */
export function sendLater(
  deps: Pick<MailDeps, 'mailer' | 'log'>,
  what: string,
  build: () => Promise<MailMessage | undefined> | MailMessage | undefined,
): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(build)
    .then(async (mail) => {
      if (!mail) return;
      await deps.mailer.send(mail);
      if (deps.mailer.kind === 'outbox') deps.log.info({ to: mail.to, subject: mail.subject }, `${what} mail written to the outbox`);
    })
    .catch((err: unknown) => deps.log.error({ err }, `${what} mail could not be sent`));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Member text (names) and links go into mail HTML escaped. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
