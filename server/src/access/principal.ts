import type { ApiKeyScope } from '@rotalink/shared-api/contract';

/**
 * Issue 31: who is calling. A token or key is turned into one of these by the auth guards
 * (auth/guards.ts); the access module (require-access.ts) decides what it may do. A member and a
 * sub-profile that signed in carry the same kind of token; the account row tells them apart.
 */
export type Principal =
  /** A member signed in: its own profile and its sub-profiles. */
  | { kind: 'member'; userId: string }
  /** A sub-profile signed in with its own email and password: only itself (decision 0012). */
  | { kind: 'sub-profile'; userId: string; memberId: string }
  /** `needsTwoFactor`: ADMIN_2FA_REQUIRED and not set up yet: only the setup is open (issue 33). */
  | { kind: 'admin'; adminId: string; needsTwoFactor?: true }
  /** An API key of a member's account: that account's profiles, within its scopes. */
  | { kind: 'api-key'; keyId: string; userId: string; scopes: readonly ApiKeyScope[] };

/** The account a principal acts as: its own profile (the admin has none). */
export function ownProfileId(principal: Principal): string | null {
  return principal.kind === 'admin' ? null : principal.userId;
}

/** A member or sub-profile principal from the signed-in account's row. */
export function accountPrincipal(row: { id: string; parent_id: string | null }): Principal {
  return row.parent_id === null ? { kind: 'member', userId: row.id } : { kind: 'sub-profile', userId: row.id, memberId: row.parent_id };
}
