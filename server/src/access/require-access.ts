import type { Permission } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../db/database';
import { Forbidden, NotFound } from '../errors';
import { findUserById, USER_NOT_FOUND, type UserRow } from '../modules/users';
import { NOT_YOUR_PROFILE, refusalOf } from './grants';
import type { Principal } from './principal';

/**
 * DESIGN §6 ownership, the one place it is written (issue 31): a member acts on its own profile
 * and its sub-profiles, a sub-profile that signed in only on itself, an API key on its account's
 * profiles, the admin on any profile where its permissions reach (stats). Unknown id → 404,
 * someone else's → 403 NOT_YOUR_PROFILE, then the permission itself (a sub-profile deleting
 * itself, a key without the scope) → 403 with its own text.
 */
export function mayActOn(principal: Principal, row: Pick<UserRow, 'id' | 'parent_id'>): boolean {
  switch (principal.kind) {
    case 'admin':
      return true;
    case 'sub-profile':
      return row.id === principal.userId;
    case 'member':
    case 'api-key':
      return row.id === principal.userId || row.parent_id === principal.userId;
  }
}

/** Throws unless the principal holds the permission at all (no profile involved). */
export function requirePermission(principal: Principal, permission: Permission): void {
  const refusal = refusalOf(principal, permission);
  if (refusal) throw new Forbidden(refusal.message, refusal.code);
}

/** The profile row when the principal may do `permission` on it; throws 404/403 otherwise. */
export async function requireAccess(db: DbOrTrx, principal: Principal, permission: Permission, profileId: string): Promise<UserRow> {
  const row = await findUserById(db, profileId);
  if (!row) throw new NotFound(USER_NOT_FOUND);
  if (!mayActOn(principal, row)) throw new Forbidden(NOT_YOUR_PROFILE);
  requirePermission(principal, permission);
  return row;
}

/**
 * On a public call: whether the caller (if any) may do `permission` on the profile, never an
 * error. The caller's own profile needs no read (the visitor page's hot path, issue 16).
 */
export async function mayAccess(db: DbOrTrx, principal: Principal | null, permission: Permission, profileId: string): Promise<boolean> {
  if (!principal || refusalOf(principal, permission)) return false;
  if (principal.kind !== 'admin' && principal.userId === profileId) return true;
  const row = await findUserById(db, profileId);
  return row !== undefined && mayActOn(principal, row);
}
