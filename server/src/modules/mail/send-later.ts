import type { FastifyBaseLogger } from 'fastify';
import type { Outbox } from '../outbox';
import type { MailMessage, Mailer } from './mailer';

/** What a use case needs to send a mail of its own (welcome, receipt, email confirmation). */
export interface MailDeps {
  /** Its `kind` only: in outbox mode a mail's link is logged too. */
  mailer: Mailer;
  /** Where every mail goes first (issue 16): modules/outbox. */
  outbox: Outbox;
  log: FastifyBaseLogger;
  /** PUBLIC_SITE_URL: links in mail point at the shell's pages. */
  publicSiteUrl: string;
}

/**
 * Queues a mail in the transactional outbox (issue 16) and returns at once: the request neither
 * waits for the mail server nor fails with it. The outbox worker sends it, retries it with backoff
 * while the mail server is away, and logs `<what> mail could not be sent` on each failure.
 * Resolves once the mail is queued (tests wait for that); a failure to queue is logged.
 */
export function sendLater(
  deps: Pick<MailDeps, 'outbox' | 'log'>,
  what: string,
  build: () => Promise<MailMessage | undefined> | MailMessage | undefined,
): Promise<void> {
  return Promise.resolve()
    .then(build)
    .then(async (mail) => {
      if (mail) await deps.outbox.send(what, mail);
    })
    .catch((err: unknown) => deps.log.error({ err }, `${what} mail could not be queued`));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Member text (names) and links go into mail HTML escaped. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
