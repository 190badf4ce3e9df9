/** Reads the mail the API wrote to its outbox folder (MAIL_OUTBOX_DIR, one .eml per mail). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stack } from './stack';

/** Undoes quoted-printable soft breaks and =XX escapes, which nodemailer uses for long lines. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function mailsTo(email: string): string[] {
  const dir = stack().outbox;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((m) => m.toLowerCase().includes(email.toLowerCase()));
}

/** Waits for the reset mail to `email` and returns the link it holds (DESIGN §7: /resetpassword?token=). */
export async function waitForResetLink(email: string, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    for (const mail of mailsTo(email)) {
      const body = decodeQuotedPrintable(mail);
      const match = /https?:\/\/[^\s"'<>]+\/resetpassword\?token=[A-Za-z0-9_\-%.~]+/.exec(body);
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`e2e: no reset mail to ${email} in ${stack().outbox} within ${timeoutMs} ms`);
}

/** Waits for the email-change mail to `email` (issue 13) and returns its /confirm-email?token= link. */
export async function waitForConfirmEmailLink(email: string, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    for (const mail of mailsTo(email)) {
      const match = /https?:\/\/[^\s"'<>]+\/confirm-email\?token=[A-Za-z0-9_\-%.~]+/.exec(decodeQuotedPrintable(mail));
      if (match) return match[0].replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`e2e: no email confirmation mail to ${email} in ${stack().outbox} within ${timeoutMs} ms`);
}

/** Waits for a mail to `email` with this subject (issue 29's security notices) and returns its decoded text. */
export async function waitForMail(email: string, subject: string, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const found = mailsTo(email)
      .map(decodeQuotedPrintable)
      .find((m) => m.includes(`Subject: ${subject}`));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`e2e: no mail "${subject}" to ${email} in ${stack().outbox} within ${timeoutMs} ms`);
}
