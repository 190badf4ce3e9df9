import { signToken } from '../../auth/tokens';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { TooMany, Unauthorized } from '../../errors';
import type { LoginLimiter } from '../../plugins/login-limiter';
import { auditIpHash, recordAudit } from '../audit';
import { verifyChallenge } from './challenge';
import { acceptCode } from './two-factor.service';

export const CODE_WRONG = 'That code is not right. Enter the current code from your app, or an unused recovery code.';
export const CHALLENGE_ENDED = 'Your sign-in took too long. Enter your username and password again.';
export const TOO_MANY_CODES = 'Too many wrong codes, please try again in a minute.';

type CodeDeps = { db: Db; config: Config; limiter: LoginLimiter };

/**
 * One try of the admin's second factor, wherever it is asked (the sign-in's code step, turning
 * it off): the budget of wrong codes is checked first (429 with Retry-After, even for a right
 * code), then the code; a wrong one spends the budget, a right one refills it. Which kind passed,
 * or null for a wrong code (the caller answers it in its own words).
 */
export async function trySecondFactor(deps: CodeDeps, adminId: string, code: string, ip: string): Promise<'totp' | 'recovery code' | null> {
  const attempt = { kind: 'admin-code' as const, ip, account: adminId };
  const wait = await deps.limiter.blockedForSeconds(attempt);
  if (wait > 0) throw new TooMany(TOO_MANY_CODES, undefined, wait);
  const passed = await acceptCode(deps.db, deps.config, adminId, code);
  if (passed) await deps.limiter.recordSuccess(attempt);
  else await deps.limiter.recordFailure(attempt);
  return passed;
}

/**
 * POST /api/admin/adminlogin/code (issue 33): the challenge of a right password and a code give
 * the admin's token. Wrong codes spend budgets like wrong passwords (per IP and admin, per IP,
 * per admin: login-limiter.ts), kept apart from the password's so a right password does not
 * refill them; each wrong code writes a failed sign-in row.
 */
export async function adminLoginCode(deps: CodeDeps, challenge: string, code: string, ip: string): Promise<string> {
  const adminId = await verifyChallenge(deps.config.jwtSecret, challenge);
  if (!adminId) throw new Unauthorized(CHALLENGE_ENDED, 'bad-credentials');
  const passed = await trySecondFactor(deps, adminId, code, ip);
  const ipHash = auditIpHash(deps.config.jwtSecret, ip);
  if (!passed) {
    await recordAudit(deps.db, {
      action: 'admin.sign-in-failed',
      actor: { kind: 'anonymous' },
      targetId: adminId,
      changes: { step: [null, 'code'] },
      ipHash,
    });
    throw new Unauthorized(CODE_WRONG, 'bad-credentials');
  }
  await recordAudit(deps.db, {
    action: 'admin.sign-in',
    actor: { kind: 'admin', id: adminId },
    targetId: adminId,
    changes: { second_factor: [null, passed] },
    ipHash,
  });
  return signToken(deps.config.jwtSecret, deps.config.jwtTtlSeconds, adminId, 'admin');
}
