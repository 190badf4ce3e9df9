import type { LoginBody, SignupBody, UpdateProfileBody } from '@rotalink/shared-api/contract';
import { hashPassword, verifyPassword } from '../../auth/password';
import { signToken } from '../../auth/tokens';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect-sql';
import { newId } from '../../db/ids';
import { Conflict, HttpError, NotFound, Unauthorized } from '../../errors';
import type { LoginLimiter } from '../../plugins/login-limiter';
import { findUserByEmail, findUserById, insertUser, normaliseEmail, updateUser } from '../users/users.repository';
import type { UserRow } from '../users/users.table';

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
export async function login({ db, config, limiter }: Deps, body: LoginBody, ip: string): Promise<string> {
  const key = `member|${ip}|${normaliseEmail(body.email)}`;
  if (await limiter.isBlocked(key)) throw new HttpError(429, TOO_MANY_LOGINS, { status: 'FAILED' });
  const user = await findUserByEmail(db, body.email);
  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok) {
    await limiter.recordFailure(key);
    throw new Unauthorized(INVALID_CREDENTIALS, { status: 'FAILED' });
  }
  await limiter.clear(key);
  return signToken(config.jwtSecret, config.jwtTtlSeconds, user.id, 'member');
}

export async function signup(db: Db, body: SignupBody): Promise<void> {
  const email = normaliseEmail(body.email);
  if (await findUserByEmail(db, email)) throw new Conflict(EMAIL_TAKEN);
  try {
    await insertUser(db, {
      id: newId(),
      parent_id: null,
      email,
      password_hash: await hashPassword(body.password),
      first_name: body.firstName.trim(),
      last_name: body.lastName.trim(),
      phone: null,
    });
  } catch (err) {
    // Two sign-ups with one email at the same moment: the UNIQUE index decides.
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_TAKEN);
    throw err;
  }
}

export async function loadSelf(db: Db, userId: string): Promise<UserRow> {
  const row = await findUserById(db, userId);
  // The guard checked the user exists; it can vanish between (admin delete) — answer as for a stale session.
  if (!row) throw new NotFound('User not found.');
  return row;
}

/**
 * The caller's profile with the plan that counts for them (DESIGN §6): a sub-profile signed in on
 * its own shows its member's plan, since that is the plan its links are added under — its own
 * row never holds one. Everything else (names, texts, email) stays the caller's own.
 */
export async function loadProfileWithPlan(db: Db, userId: string): Promise<UserRow> {
  const row = await loadSelf(db, userId);
  if (!row.parent_id) return row;
  const member = await findUserById(db, row.parent_id);
  if (!member) return row;
  const { subscription_status, subscription_type, package_price_cents, package_joined_date, package_expiry_date } = member;
  return { ...row, subscription_status, subscription_type, package_price_cents, package_joined_date, package_expiry_date };
}

export async function updateOwnProfile(db: Db, userId: string, body: UpdateProfileBody): Promise<void> {
  const changes = {
    first_name: body.first_name.trim(),
    last_name: body.last_name.trim(),
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.slogan !== undefined ? { slogan: body.slogan } : {}),
    ...(body.about !== undefined ? { about: body.about } : {}),
  };
  if (!(await updateUser(db, userId, changes))) throw new NotFound('User not found.');
}
