/** One outgoing mail. `html` is optional: every mail we send must also read well as plain text. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Where mail goes (DESIGN §4): SMTP when SMTP_URL is set, otherwise an outbox folder of `.eml`
 * files so a local install works without a mail server.
 */
export interface Mailer {
  /** 'outbox' tells callers that nobody will actually receive the mail (see request-password-reset). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Contacts the mail server now (for /healthz): true when it answers. */
  check(): Promise<boolean>;
  /** Whether the mail server answered at the last contact (no waiting; refreshed in the background). */
  isUp(): boolean;
  close(): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'Rotalink <no-reply@rotalink.local>';
