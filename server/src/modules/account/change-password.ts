import type { ChangePasswordBody } from '@rotalink/shared-api/contract';
import { hashPassword } from '../../auth/password';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import { BadRequest } from '../../errors';
import type { LoginLimiter } from '../../plugins/login-limiter';
import { recordAudit, type AuditWho } from '../audit';
import { reissue, type SignInContext } from '../sessions';
import type { MailDeps } from '../mail';
import { checkCurrentPassword } from './current-password';
import { setNewPassword } from './new-password';
import { forgotPasswordLink, passwordChangedMail, queueSecurityMail } from './security-mail';

export const SAME_PASSWORD = 'The new password must be different from the current one.';
export const PASSWORD_CHANGED = 'Your password has been changed. You were signed out everywhere else.';

/**
 * POST /api/auth/change-password (issue 13). The password changes and `tokens_valid_after` moves
 * to now, so every session token issued before ends ('Unauthorized: jwt expired'), the
 * sub-profiles' too; reset links and email changes asked for before are void (new-password.ts); the answer
 * carries a token issued after that instant, so the person who changed it stays signed in.
 * The account's address is told, with the way to reset it (issue 29), through the outbox.
 */
export async function changePassword(opts: {
  db: Db;
  config: Config;
  limiter: LoginLimiter;
  mail: MailDeps;
  userId: string;
  ip: string;
  body: ChangePasswordBody;
  who: AuditWho;
  /** The caller's session: it stays signed in, with a fresh token (issue 33). */
  session: { id: string | null; ctx: SignInContext };
}): Promise<string> {
  const { db, config, body } = opts;
  const user = await checkCurrentPassword({ db, limiter: opts.limiter, userId: opts.userId, ip: opts.ip, password: body.currentPassword });
  if (body.newPassword === body.currentPassword) throw new BadRequest(SAME_PASSWORD);
  const passwordHash = await hashPassword(body.newPassword);
  // Its sub-profiles' sessions end too, and earlier reset links and email changes, as with a reset.
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await setNewPassword(trx, user.id, passwordHash, now);
    await recordAudit(trx, { action: 'member.password-changed', ...opts.who, targetId: user.id });
    if (user.email) {
      const mail = passwordChangedMail({
        to: user.email,
        firstName: user.first_name,
        at: now,
        resetUrl: forgotPasswordLink(opts.mail.publicSiteUrl),
      });
      await queueSecurityMail(opts.mail, trx, user.id, 'password changed notice', mail);
    }
  });
  opts.mail.outbox.wake();
  // Signed after the update: its iat (with milliseconds) is not before tokens_valid_after.
  return reissue(db, config, user.id, opts.session.id, opts.session.ctx);
}
