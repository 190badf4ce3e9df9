import type { LoginBody, SignupBody } from '@rotalink/shared-api/contract';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect-sql';
import { newId } from '../../db/ids';
import { Conflict, TooMany, Unauthorized } from '../../errors';
import type { LoginLimiter } from '../../plugins/login-limiter';
import { openSession, type SignInContext } from '../sessions';
import { findUserByEmail, insertUser, normaliseEmail, releasePendingEmail } from '../users';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'Email is already registered';
export const TOO_MANY_LOGINS = 'Too many failed login attempts, please try again in a minute.';

interface Deps {
  db: Db;
  config: Config;
  limiter: LoginLimiter;
}

/**
 * Login for members and for sub-profiles that have a password (README: "Sub-profile login"):
 * either way the token is a member token for that very user, so it can act only on itself
 * (and, for a member, on its sub-profiles).
 */
export async function login({ db, config, limiter }: Deps, body: LoginBody, ip: string, ctx: SignInContext): Promise<string> {
  const attempt = { kind: 'member' as const, ip, account: normaliseEmail(body.email) };
  const wait = await limiter.blockedForSeconds(attempt);
  if (wait > 0) throw new TooMany(TOO_MANY_LOGINS, { status: 'FAILED' }, wait);
  const user = await findUserByEmail(db, body.email);
  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok) {
    await limiter.recordFailure(attempt);
    throw new Unauthorized(INVALID_CREDENTIALS, 'bad-credentials', { status: 'FAILED' });
  }
  await limiter.recordSuccess(attempt);
  // Issue 33: each sign-in is a session the account page lists and can end.
  return openSession(db, config, user.id, ctx);
}

/** Creates the member; returns who to welcome (the stored email and first name). */
export async function signup(db: Db, body: SignupBody): Promise<{ email: string; firstName: string }> {
  const email = normaliseEmail(body.email);
  const holder = await findUserByEmail(db, email);
  // An address a sub-profile only holds unconfirmed is not taken (issue 33): the sign-up gets it.
  if (holder && holder.email_pending_since === null) throw new Conflict(EMAIL_TAKEN, 'email-taken');
  const firstName = body.firstName.trim();
  const passwordHash = await hashPassword(body.password);
  try {
    await db.transaction().execute(async (trx) => {
      await releasePendingEmail(trx, email);
      await insertUser(trx, {
        id: newId(),
        parent_id: null,
        email,
        password_hash: passwordHash,
        first_name: firstName,
        last_name: body.lastName.trim(),
        phone: null,
      });
    });
    return { email, firstName };
  } catch (err) {
    // Two sign-ups with one email at the same moment: the UNIQUE index decides.
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_TAKEN, 'email-taken');
    throw err;
  }
}
