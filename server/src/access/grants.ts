import { API_KEY_SCOPE_GRANTS, API_KEY_SCOPES, type ApiKeyScope, type Permission } from '@rotalink/shared-api/contract';
import type { Principal } from './principal';

/** The texts of a refusal (their wording predates the access module and is the contract: spec §8). */
export const NOT_YOUR_PROFILE = 'You can only manage your own profile and sub-profiles.';
export const ADMIN_REQUIRED = 'Admin access required.';
export const MEMBER_REQUIRED = 'This call needs a member sign-in, not the admin token.';
export const SUB_OF_SUB = 'A sub-profile cannot have sub-profiles of its own.';
export const SUB_CANNOT_DELETE = 'Only the member can delete a sub-profile.';
export const SUB_CANNOT_CHANGE_SIGN_IN = "Only the member can change a sub-profile's email or password.";
export const SUB_CANNOT_MANAGE_KEYS = 'Only the member can manage API keys.';
export const SUB_CANNOT_MANAGE_WEBHOOKS = 'Only the member can manage webhooks.';
export const SUB_CANNOT_EXPORT_OR_DELETE = 'Only the member can download the account’s data or delete the account.';
export const KEY_CANNOT = 'An API key cannot do this: sign in to Rotalink instead.';
export const TWO_FACTOR_FIRST = 'Set up two-factor sign-in first: it is required for the admin on this site.';
export const keyLacksScope = (scope: ApiKeyScope) => `This API key does not have the '${scope}' scope.`;

/** Everything a member may do on its own profiles: all but the admin console. */
const MEMBER: ReadonlySet<Permission> = new Set<Permission>([
  'profile:read',
  'profile:write',
  'account:write',
  'account:security',
  'account:data',
  'payment',
  'sub-profiles:read',
  'sub-profiles:create',
  'sub-profiles:write',
  'sub-profiles:sign-in',
  'sub-profiles:delete',
  'links:read',
  'links:write',
  'rotator:read',
  'rotator:write',
  'stats:read',
  'api-keys:manage',
  'webhooks:manage',
  'conversions:write',
]);

/**
 * What a sub-profile's own session may not do, with the text it has always answered (decision
 * 0012: a sub-profile manages its queue and page; its sign-in and existence are its member's).
 */
const SUB_PROFILE_DENIED: Partial<Record<Permission, string>> = {
  'sub-profiles:create': SUB_OF_SUB,
  'sub-profiles:delete': SUB_CANNOT_DELETE,
  'sub-profiles:sign-in': SUB_CANNOT_CHANGE_SIGN_IN,
  'api-keys:manage': SUB_CANNOT_MANAGE_KEYS,
  // Issue 31: webhooks are the account's (they carry every profile's events), so its member's.
  'webhooks:manage': SUB_CANNOT_MANAGE_WEBHOOKS,
  // Issue 33: the export holds every profile of the account, and deletion ends the account (decision 0145).
  'account:data': SUB_CANNOT_EXPORT_OR_DELETE,
};

/** The admin reads any profile's stats (issue 15) and runs the console; it has no profile of its own. */
const ADMIN: ReadonlySet<Permission> = new Set<Permission>(['users:admin', 'stats:read', 'admin:two-factor']);

export type Refusal = { message: string; code: 'forbidden' | 'scope-missing' };

/** Why this principal may not do this at all (whatever the profile), or null when it may. */
export function refusalOf(principal: Principal, permission: Permission): Refusal | null {
  switch (principal.kind) {
    case 'admin':
      if (!ADMIN.has(permission)) return { message: MEMBER_REQUIRED, code: 'forbidden' };
      return principal.needsTwoFactor && permission !== 'admin:two-factor' ? { message: TWO_FACTOR_FIRST, code: 'forbidden' } : null;
    case 'member':
      return MEMBER.has(permission) ? null : { message: ADMIN_REQUIRED, code: 'forbidden' };
    case 'sub-profile': {
      if (!MEMBER.has(permission)) return { message: ADMIN_REQUIRED, code: 'forbidden' };
      const denied = SUB_PROFILE_DENIED[permission];
      return denied ? { message: denied, code: 'forbidden' } : null;
    }
    case 'api-key': {
      if (principal.scopes.some((s) => API_KEY_SCOPE_GRANTS[s].includes(permission))) return null;
      if (permission === 'users:admin') return { message: ADMIN_REQUIRED, code: 'forbidden' };
      const scope = API_KEY_SCOPES.find((s) => API_KEY_SCOPE_GRANTS[s].includes(permission));
      return scope ? { message: keyLacksScope(scope), code: 'scope-missing' } : { message: KEY_CANNOT, code: 'forbidden' };
    }
  }
}
