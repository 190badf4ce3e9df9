import type { OutboxRow } from './outbox.table';

/** Marks `last_error` of rows that wait only for the mail server to come back. */
export const UNREACHABLE = 'unreachable: ';

/** Retries stop this long after the row was written: the row is then `failed` (logged). */
export const GIVE_UP_AFTER_MS = 48 * 3600_000;
/** The longest pause between two tries of one mail. */
export const MAX_RETRY_DELAY_MS = 15 * 60_000;

/** nodemailer's codes for a message the server refused, as opposed to a server we cannot talk to. */
const MESSAGE_REFUSED = new Set(['EENVELOPE', 'EMESSAGE']);

export interface SendFailure {
  /** The server could not be reached or dropped us: every mail waits for it. */
  unreachable: boolean;
  /** The server refused this message for good (a 5xx reply): retrying cannot help. */
  final: boolean;
  text: string;
}

export function failureOf(err: unknown): SendFailure {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown } | null;
  const text = String(e?.message ?? err).slice(0, 500);
  if (MESSAGE_REFUSED.has(String(e?.code))) {
    const code = Number(e?.responseCode);
    return { unreachable: false, final: code >= 500 && code < 600, text };
  }
  return { unreachable: true, final: false, text: `${UNREACHABLE}${text}` };
}

/**
 * The retry schedule: base, 2×, 4×, … (with ±20 % jitter so nodes do not retry in step), at most
 * 15 minutes apart; null once the row is older than 48 hours (give up). With the default base of
 * 10 s: 10 s, 20 s, 40 s, 80 s, 160 s, 320 s, 640 s, then every 15 min.
 */
export function nextAttemptAt(row: Pick<OutboxRow, 'attempts' | 'created_at'>, now: Date, baseMs: number): Date | null {
  if (now.getTime() - Date.parse(row.created_at) > GIVE_UP_AFTER_MS) return null;
  const delay = Math.min(baseMs * 2 ** Math.max(0, row.attempts - 1), MAX_RETRY_DELAY_MS);
  return new Date(now.getTime() + delay * (0.8 + Math.random() * 0.4));
}
