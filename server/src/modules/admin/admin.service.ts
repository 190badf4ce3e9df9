import type { AdminUser, UpdateUserBody } from '@rotalink/shared-api/contract';
import { verifyPassword } from '../../auth/password';
import { signToken } from '../../auth/tokens';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { BadRequest, NotFound, TooMany, Unauthorized } from '../../errors';
import type { LoginLimiter } from '../../plugins/login-limiter';
import { USER_NOT_FOUND } from '../users';
import { dollarsToCents, userRowToUser } from '../users';
import { deleteAccount } from '../users';
import { countSubProfiles, findUserById, updateUser } from '../users';
import { findAdminByUsername, type MemberWithCount } from './admin.repository';
import { parseAdminDate } from './admin-date';

export const INVALID_ADMIN_CREDENTIALS = 'Invalid username or password';
export const TOO_MANY_ADMIN_LOGINS = 'Too many failed login attempts, please try again in a minute.';

export function toAdminUser(row: MemberWithCount): AdminUser {
  return { ...userRowToUser(row), sub_profile_count: row.sub_profile_count, created_at: row.created_at };
}

export async function adminLogin(
  deps: { db: Db; config: Config; limiter: LoginLimiter },
  username: string,
  password: string,
  ip: string,
): Promise<string> {
  const attempt = { kind: 'admin' as const, ip, account: username };
  const wait = await deps.limiter.blockedForSeconds(attempt);
  if (wait > 0) throw new TooMany(TOO_MANY_ADMIN_LOGINS, undefined, wait);
  const admin = await findAdminByUsername(deps.db, username);
  if (!(await verifyPassword(admin?.password_hash, password)) || !admin) {
    await deps.limiter.recordFailure(attempt);
    throw new Unauthorized(INVALID_ADMIN_CREDENTIALS, 'bad-credentials');
  }
  await deps.limiter.recordSuccess(attempt);
  return signToken(deps.config.jwtSecret, deps.config.jwtTtlSeconds, admin.id, 'admin');
}

/** userdelete: the account, its sub-profiles and every link of them (users/delete-account.ts). */
export async function removeUser(db: Db, userId: string): Promise<void> {
  if (!(await deleteAccount(db, userId))) throw new NotFound(USER_NOT_FOUND);
}

export const SUB_PROFILE_HAS_NO_PLAN = 'This is a sub-profile: it uses its member’s plan. Edit the member instead.';
export const EXPIRY_BEFORE_JOINED = 'Expiry date must be after the joined date.';

/**
 * The admin's edit-membership form; money arrives in dollars and is stored in cents. Only a
 * member has a plan (a sub-profile's plan columns stay empty, DESIGN §6), and a plan cannot
 * expire before it began.
 */
export async function updateMembership(db: Db, userId: string, body: UpdateUserBody): Promise<AdminUser> {
  const changes = {
    package_price_cents: dollarsToCents(body.package_price),
    package_joined_date: parseAdminDate(body.package_joined_date, 'Joined date'),
    package_expiry_date: parseAdminDate(body.package_expiry_date, 'Expiry date'),
    subscription_status: body.subscription_status,
    subscription_type: body.subscription_type,
  };
  const { package_joined_date: joined, package_expiry_date: expiry } = changes;
  if (joined && expiry && expiry <= joined) throw new BadRequest(EXPIRY_BEFORE_JOINED);
  const existing = await findUserById(db, userId);
  if (!existing) throw new NotFound(USER_NOT_FOUND);
  if (existing.parent_id !== null) throw new BadRequest(SUB_PROFILE_HAS_NO_PLAN);
  if (!(await updateUser(db, userId, changes))) throw new NotFound(USER_NOT_FOUND);
  const row = await findUserById(db, userId);
  if (!row) throw new NotFound(USER_NOT_FOUND);
  return toAdminUser({ ...row, sub_profile_count: await countSubProfiles(db, userId) });
}
