import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { DEFAULT_MAIL_FROM, type MailMessage, type Mailer } from './mailer';

/**
 * Writes each mail as one RFC 822 `.eml` file (opens in any mail client). The file is written
 * under a temporary name and renamed, so a reader watching the folder never sees half a mail.
 */
export function createOutboxMailer(options: { dir: string; from?: string }): Mailer {
  // The stream transport builds the exact message SMTP would send, without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const from = options.from ?? DEFAULT_MAIL_FROM;
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(options.dir, { recursive: true });
      // Time first so `ls` lists mails in the order they were sent; the random part keeps names unique.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const final = path.join(options.dir, name);
      const temp = `${final}.tmp`;
      await writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await rename(temp, final);
    },
    // A folder on our own disk: a failure to write is a fault of this node, seen on the send itself.
    check: async () => true,
    isUp: () => true,
    async close() {
      transport.close();
    },
  };
}
