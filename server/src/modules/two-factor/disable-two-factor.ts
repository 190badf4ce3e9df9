import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { BadRequest, Conflict } from '../../errors';
import type { LoginLimiter } from '../../plugins/login-limiter';
import { recordAudit, type AuditWho } from '../audit';
import { CODE_WRONG, trySecondFactor } from './admin-login-code';
import { hasTwoFactor } from './two-factor.service';

export const TWO_FACTOR_OFF = 'Two-factor sign-in is off: signing in needs only the password.';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on.';
export const TWO_FACTOR_KEPT_REQUIRED =
  'Two-factor sign-in is required on this site: set it up again for a new phone instead of turning it off.';

/**
 * POST /api/admin/two-factor/disable (issue 33): a lost or changed phone. The admin proves the
 * second factor once more, with a current code or an unused recovery code (the same check as the
 * sign-in's code step, with the same budget of wrong codes), so a stolen session token alone
 * cannot weaken the account. Refused where ADMIN_2FA_REQUIRED holds: there, setting it up again
 * is the way to change phones. The secret and the recovery codes are removed with one audit row,
 * in one transaction.
 */
export async function disableTwoFactor(
  deps: { db: Db; config: Config; limiter: LoginLimiter },
  adminId: string,
  code: string,
  ip: string,
  who: AuditWho,
): Promise<{ message: string }> {
  if (deps.config.security.admin2faRequired) throw new Conflict(TWO_FACTOR_KEPT_REQUIRED);
  if (!(await hasTwoFactor(deps.db, adminId))) throw new Conflict(TWO_FACTOR_NOT_ON);
  if (!(await trySecondFactor(deps, adminId, code, ip))) throw new BadRequest(CODE_WRONG);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    await trx.deleteFrom('admin_two_factor').where('admin_id', '=', adminId).execute();
    await recordAudit(trx, { action: 'admin.two-factor-disabled', ...who, targetId: adminId, changes: { two_factor: [true, false] } });
  });
  return { message: TWO_FACTOR_OFF };
}
