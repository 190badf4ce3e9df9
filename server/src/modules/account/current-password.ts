import { verifyPassword } from '../../auth/password';
import type { DbOrTrx } from '../../db/database';
import { BadRequest, TooMany, Unauthorized } from '../../errors';
import { MESSAGES } from '@rotalink/shared-api/rules';
import type { LoginLimiter } from '../../plugins/login-limiter';
import { findUserById } from '../users';
import type { UserRow } from '../users';

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
export const TOO_MANY_PASSWORD_TRIES = 'Too many wrong passwords, please try again in a minute.';

/**
 * Account settings ask for the current password (issue 13), so a session left open on someone
 * else's screen cannot take the account over. Wrong answers count against the failed sign-in
 * budgets (plugins/login-limiter.ts: per IP + account, per IP, per account), so a stolen token
 * cannot be used to guess the password.
 */
export async function checkCurrentPassword(opts: {
  db: DbOrTrx;
  limiter: LoginLimiter;
  userId: string;
  ip: string;
  password: string;
}): Promise<UserRow> {
  const attempt = { kind: 'member' as const, ip: opts.ip, account: `id:${opts.userId}` };
  const wait = await opts.limiter.blockedForSeconds(attempt);
  if (wait > 0) throw new TooMany(TOO_MANY_PASSWORD_TRIES, undefined, wait);
  const user = await findUserById(opts.db, opts.userId);
  // Deleted since the guard let the call in: the session has ended.
  if (!user) throw new Unauthorized(MESSAGES.jwtExpired, 'session-ended');
  if (!(await verifyPassword(user.password_hash, opts.password))) {
    await opts.limiter.recordFailure(attempt);
    throw new BadRequest(WRONG_CURRENT_PASSWORD);
  }
  await opts.limiter.recordSuccess(attempt);
  return user;
}
