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
import { forUpdate } from '../../db/dialect-sql';
import { auditIpHash, recordAudit, type AuditWho } from '../audit';
import { parseAdminDate } from './admin-date';
import { hasTwoFactor, signChallenge } from '../two-factor';

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
): Promise<{ token: string } | { challenge: string }> {
  const attempt = { kind: 'admin' as const, ip, account: username };
  const wait = await deps.limiter.blockedForSeconds(attempt);
  if (wait > 0) throw new TooMany(TOO_MANY_ADMIN_LOGINS, undefined, wait);
  const admin = await findAdminByUsername(deps.db, username);
  const ipHash = auditIpHash(deps.config.jwtSecret, ip);
  if (!(await verifyPassword(admin?.password_hash, password)) || !admin) {
    await deps.limiter.recordFailure(attempt);
    // The typed username is not kept (it is sometimes a password typed in the wrong box): only
    // which account was tried, when it exists.
    await recordAudit(deps.db, { action: 'admin.sign-in-failed', actor: { kind: 'anonymous' }, targetId: admin?.id ?? null, ipHash });
    throw new Unauthorized(INVALID_ADMIN_CREDENTIALS, 'bad-credentials');
  }
  await deps.limiter.recordSuccess(attempt);
  // Issue 33: with two-factor sign-in on, the password only opens the code step (its row is written there).
  if (await hasTwoFactor(deps.db, admin.id)) return { challenge: await signChallenge(deps.config.jwtSecret, admin.id) };
  await recordAudit(deps.db, { action: 'admin.sign-in', actor: { kind: 'admin', id: admin.id }, targetId: admin.id, ipHash });
  return { token: await signToken(deps.config.jwtSecret, deps.config.jwtTtlSeconds, admin.id, 'admin') };
}

/** userdelete: the account, its sub-profiles and every link of them (users/delete-account.ts). */
export async function removeUser(db: Db, userId: string, who: AuditWho): Promise<void> {
  const deleted = await deleteAccount(db, userId, async (trx, account) => {
    // What the account was, without who it was (its email and names leave with it).
    const before = { kind: account.parent_id === null ? 'member' : 'sub-profile', subscription_status: account.subscription_status };
    const changes = Object.fromEntries(Object.entries(before).map(([k, v]) => [k, [v, null]])) as Record<string, [unknown, unknown]>;
    await recordAudit(trx, { action: 'admin.user-deleted', ...who, targetId: userId, changes });
  });
  if (!deleted) throw new NotFound(USER_NOT_FOUND);
}

export const SUB_PROFILE_HAS_NO_PLAN = 'This is a sub-profile: it uses its member’s plan. Edit the member instead.';
export const EXPIRY_BEFORE_JOINED = 'Expiry date must be after the joined date.';

/**
 * The admin's edit-membership form; money arrives in dollars and is stored in cents. Only a
 * member has a plan (a sub-profile's plan columns stay empty, DESIGN §6), and a plan cannot
 * expire before it began.
 */
export async function updateMembership(db: Db, userId: string, body: UpdateUserBody, who: AuditWho): Promise<AdminUser> {
  const changes = {
    package_price_cents: dollarsToCents(body.package_price),
    package_joined_date: parseAdminDate(body.package_joined_date, 'Joined date'),
    package_expiry_date: parseAdminDate(body.package_expiry_date, 'Expiry date'),
    subscription_status: body.subscription_status,
    subscription_type: body.subscription_type,
  };
  const { package_joined_date: joined, package_expiry_date: expiry } = changes;
  if (joined && expiry && expiry <= joined) throw new BadRequest(EXPIRY_BEFORE_JOINED);
  const row = await db.transaction().execute(async (trx) => {
    const existing = await forUpdate(trx, trx.selectFrom('users').selectAll().where('id', '=', userId)).executeTakeFirst();
    if (!existing) throw new NotFound(USER_NOT_FOUND);
    if (existing.parent_id !== null) throw new BadRequest(SUB_PROFILE_HAS_NO_PLAN);
    if (!(await updateUser(trx, userId, changes))) throw new NotFound(USER_NOT_FOUND);
    const diff: Record<string, [unknown, unknown]> = {};
    for (const [field, after] of Object.entries(changes)) {
      const before = existing[field as keyof typeof changes];
      if (before !== after) diff[field] = [before, after];
    }
    await recordAudit(trx, { action: 'admin.membership-edited', ...who, targetId: userId, changes: diff });
    return findUserById(trx, userId);
  });
  if (!row) throw new NotFound(USER_NOT_FOUND);
  return toAdminUser({ ...row, sub_profile_count: await countSubProfiles(db, userId) });
}
