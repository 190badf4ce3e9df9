import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as a real SMTP server received it, with the plain-text part decoded for assertions. */
export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /**
   * Resolves with the next mail (or one already waiting past `seen`); with `match`, the first one
   * past `seen` that matches (other mails, e.g. a welcome mail after sign-up, are passed over).
   */
  waitForMail(seen?: number, timeoutMs?: number, match?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  /**
   * While on, a message is received in full but never answered (no 250): it lands in `held`, not
   * in `mails`, like a mail server that has not accepted it yet. A sender that dies then has not
   * delivered it, and the message is dropped with the connection (kill tests, issue 16).
   */
  holdReplies(on: boolean): void;
  held: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a random local port (or `port`, to restart one), for tests only. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  let holding = false;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    // No TLS on a loopback test server; nodemailer would otherwise try STARTTLS with a self-signed cert.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: header(raw, 'Subject'),
          text: mimePart(raw, 'text/plain'),
          html: mimePart(raw, 'text/html'),
        };
        if (holding) return void held.push(mail); // never answered: not accepted
        mails.push(mail);
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  // A connection cut in the middle of a mail (a test's proxy stopping, a killed sender) is emitted
  // as an 'error' on the server, which would throw with no listener. That mail was not accepted
  // (no 250), so it is not in `mails`, and the test goes on like a real mail server would.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    waitForMail(seen = mails.length, timeoutMs = 5000, match = () => true) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        const check = () => {
          const found = mails.slice(seen).find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      });
    },
    holdReplies: (on) => {
      holding = on;
    },
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeWords(line.slice(name.length + 1).trim()) : '';
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes a subject with quotes or non-ASCII. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between two encoded words is not part of the text
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/**
 * Finds the part of the given type in a (possibly multipart) message and undoes its transfer encoding.
 * Parts are split on the boundaries the message declares, never on any line that starts with `--`:
 * a quoted-printable soft break inside a reset token can start a body line with `--` (a token whose
 * 32nd and 33rd characters are `-`, one mail in 4,096), which once cut a token short and failed a test.
 */
export function mimePart(raw: string, type: string): string {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  const parts = boundaries.length ? splitOnBoundaries(raw, boundaries) : [raw];
  for (const part of parts) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`^content-type:\\s*${type}`, 'im').test(head)) continue;
    const body = rest.join('\n\n');
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1].toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  }
  return '';
}

/** The message cut at each line that is exactly `--boundary` or `--boundary--` of a declared boundary. */
function splitOnBoundaries(raw: string, boundaries: string[]): string[] {
  const delimiters = new Set(boundaries.flatMap((b) => [`--${b}`, `--${b}--`]));
  const parts: string[] = [];
  let current: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    if (delimiters.has(line.trimEnd())) {
      parts.push(current.join('\n'));
      current = [];
    } else current.push(line);
  }
  parts.push(current.join('\n'));
  return parts;
}

/**
 * A real SMTP server for one `describe`: started before its tests, closed after them. `env` points
 * the app at it; pass it to `useTestApp` after this call (its beforeAll runs after the server is up).
 */
export function useSmtpSink(): { env: Record<string, string>; readonly sink: SmtpSink } {
  const env: Record<string, string> = {};
  let started: SmtpSink | undefined;
  beforeAll(async () => {
    started = await startSmtpSink();
    env.SMTP_URL = started.url;
  });
  afterAll(() => started?.close());
  return {
    env,
    get sink() {
      if (!started) throw new Error('useSmtpSink: the SMTP server starts in beforeAll');
      return started;
    },
  };
}
