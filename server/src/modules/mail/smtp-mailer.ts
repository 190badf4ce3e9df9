import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { DEFAULT_MAIL_FROM, type MailMessage, type Mailer } from './mailer';

/** nodemailer's codes for a message the server refused, as opposed to a server we cannot talk to. */
const MESSAGE_REFUSED = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * Sends through the SMTP server named by SMTP_URL (e.g. `smtp://user:pass@host:587`, `smtps://…`).
 * Every step is bounded (nodemailer's defaults wait up to 2 minutes to connect and 10 for a
 * reply): connecting and the greeting `timeoutMs`, any later silence 3 × `timeoutMs`.
 * It also keeps whether the server was reachable at the last contact (`isUp`, README "Failure
 * modes"), so calls that exist to send mail can answer 503 at once while it is away.
 */
export function createSmtpMailer(options: { smtpUrl: string; from?: string; timeoutMs?: number }): Mailer {
  const timeoutMs = options.timeoutMs ?? 5000;
  const transport = nodemailer.createTransport({
    ...parseConnectionUrl(options.smtpUrl),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 3,
  });
  const from = options.from ?? DEFAULT_MAIL_FROM;
  // Unknown until the first contact: assume up, so a fresh start does not refuse mail.
  let state = { up: true, at: 0 };
  let probing: Promise<boolean> | null = null;
  // One check at a time; a server that accepts the connection but never answers counts as down
  // after `timeoutMs` (nodemailer alone would wait for both the connection and the greeting).
  const probe = (): Promise<boolean> =>
    (probing ??= new Promise<boolean>((resolve) => {
      const late = setTimeout(() => resolve(false), timeoutMs);
      transport
        .verify()
        .then(
          () => resolve(true),
          () => resolve(false),
        )
        .finally(() => clearTimeout(late));
    }).then((up) => {
      state = { up, at: Date.now() };
      probing = null;
      return up;
    }));
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      try {
        await transport.sendMail({ from, ...message });
        state = { up: true, at: Date.now() };
      } catch (err) {
        if (!MESSAGE_REFUSED.has(String((err as { code?: unknown }).code))) state = { up: false, at: Date.now() };
        throw err;
      }
    },
    check: probe,
    isUp() {
      // Re-checked in the background: every 30 s while up, every 2 s while down (quick recovery).
      if (Date.now() - state.at > (state.up ? 30_000 : 2_000)) void probe();
      return state.up;
    },
    async close() {
      transport.close();
    },
  };
}
