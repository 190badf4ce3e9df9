import { MESSAGES, SESSION_ENDED_MESSAGES } from '@rotalink/shared-api';

/**
 * How an admin call failed, as far as access goes (issue 5):
 * - 'forbidden': the server refused a non-admin token (403) — the page says so;
 * - 'signed-out': no token, or another 401 — back to the /admin sign-in;
 * - 'session-ended': 'Unauthorized: jwt expired' / 'invalid signature' — spec §8 sends these to
 *   /login, which shared-api and the shell already do; the page must not navigate elsewhere.
 * Duck-typed rather than `instanceof ApiError` so a test double or a second bundle copy still counts.
 */
export type AccessProblem = 'forbidden' | 'signed-out' | 'session-ended' | null;

export function accessProblem(err: unknown): AccessProblem {
  if (!err || typeof err !== 'object') return null;
  const { status, message, serverMessage } = err as { status?: unknown; message?: unknown; serverMessage?: unknown };
  const text = typeof serverMessage === 'string' ? serverMessage : message;
  if (typeof text === 'string' && SESSION_ENDED_MESSAGES.includes(text)) return 'session-ended';
  if (status === 403) return 'forbidden';
  if (status === 401 || message === MESSAGES.tokenMissing) return 'signed-out';
  return null;
}
