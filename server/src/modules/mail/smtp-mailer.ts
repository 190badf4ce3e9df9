import nodemailer from 'nodemailer';
import { DEFAULT_MAIL_FROM, type MailMessage, type Mailer } from './mailer';

/** Sends through the SMTP server named by SMTP_URL (e.g. `smtp://user:pass@host:587`, `smtps://…`). */
export function createSmtpMailer(options: { smtpUrl: string; from?: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  const from = options.from ?? DEFAULT_MAIL_FROM;
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
