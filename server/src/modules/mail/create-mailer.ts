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
}

export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.from })
    : createOutboxMailer({ dir: config.outboxDir, from: config.from });
}
