import { MESSAGES } from '@rotalink/shared-api';

/**
 * How an admin call failed, as far as access goes (issue 5):
 * - 'forbidden': the server refused a non-admin token (403) — the page says so;
 * - 'signed-out': no token, or the server did not accept it (401) — back to the /admin sign-in.
 * Duck-typed rather than `instanceof ApiError` so a test double or a second bundle copy still counts.
 */
export type AccessProblem = 'forbidden' | 'signed-out' | null;

export function accessProblem(err: unknown): AccessProblem {
  if (!err || typeof err !== 'object') return null;
  const { status, message } = err as { status?: unknown; message?: unknown };
  if (status === 403) return 'forbidden';
  if (status === 401 || message === MESSAGES.tokenMissing) return 'signed-out';
  return null;
}
