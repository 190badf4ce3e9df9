import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';
import type { Mailer } from './mailer';

export interface MailConfig {
  /** SMTP_URL; when unset, mail goes to the outbox folder. */
  smtpUrl?: string;
  /** MAIL_OUTBOX_DIR */
  outboxDir: string;
  /** MAIL_FROM */
  from?: string;
  /** Bound on connecting to the SMTP server and on its greeting (default 5000 ms). */
  timeoutMs?: number;
}

export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.from, timeoutMs: config.timeoutMs })
    : createOutboxMailer({ dir: config.outboxDir, from: config.from });
}
