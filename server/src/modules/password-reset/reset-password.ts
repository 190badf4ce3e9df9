import { hashPassword } from '../../auth/password';
import type { Db, DbOrTrx } from '../../db/database';
import { nowIso } from '../../db/ids';
import { BadRequest } from '../../errors';
import { recordAudit } from '../audit';
import { findResetForUpdate } from './password-resets.repository';
import { hashResetToken } from './reset-token';

export const RESET_TEXT = {
  success: 'Password reset successful!',
  invalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
} as const;

/**
 * POST /api/auth/reset-password. One transaction: the token must be known, unused and unexpired;
 * the password changes, every open reset token and pending email change of the user is used up,
 * and every session token issued before now ends (DESIGN §6, account/new-password.ts).
 */
/**
 * What a new password ends (account/new-password.ts: sessions, reset links, email changes). The
 * account module imports this one (it voids reset links), so its rule comes in as a parameter
 * from app.ts: no import cycle between the two (issue 27).
 */
export type SetNewPassword = (trx: DbOrTrx, userId: string, passwordHash: string, now: string) => Promise<void>;

export async function resetPassword(options: {
  db: Db;
  token: string;
  password: string;
  setNewPassword: SetNewPassword;
  ipHash?: string | null;
}): Promise<{ message: string }> {
  const { setNewPassword } = options;
  const { db, token } = options;
  // Hashing takes ~tens of ms of CPU: do it before the transaction so no lock waits on it.
  const passwordHash = await hashPassword(options.password);
  const tokenHash = hashResetToken(token);

  await db.transaction().execute(async (trx) => {
    const reset = await findResetForUpdate(trx, tokenHash);
    const now = nowIso();
    if (!reset || reset.used_at !== null || reset.expires_at <= now) throw new BadRequest(RESET_TEXT.invalid);
    await setNewPassword(trx, reset.user_id, passwordHash, now);
    // Issue 33: whoever holds the mailed link acts as the account.
    await recordAudit(trx, {
      action: 'member.password-reset',
      actor: { kind: 'member', id: reset.user_id },
      targetId: reset.user_id,
      ipHash: options.ipHash ?? null,
    });
  });
  return { message: RESET_TEXT.success };
}
