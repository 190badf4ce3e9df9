/**
 * Issue 31: who may call what, declared once per endpoint beside its schemas. The server's
 * `defineRoute` reads `access` and checks it before the handler (server/src/access/), so no
 * handler writes an ownership check by hand; an API key's scopes are a subset of these
 * permissions.
 */

/** What a call does, as the access module grants it. */
export type Permission =
  /** Read the caller's own profile (profile, aboutProfile). */
  | 'profile:read'
  | 'profile:write'
  /** Password and email of the signed-in account. */
  | 'account:write'
  /** The account's own security events and signed-in sessions (issue 33): never an API key's. */
  | 'account:security'
  /** Export the account's data, or delete the account (issue 33): its member only, never a sub-profile's session or an API key. */
  | 'account:data'
  | 'payment'
  | 'sub-profiles:read'
  /** Only a member; a sub-profile has none of its own. */
  | 'sub-profiles:create'
  | 'sub-profiles:write'
  /** A sub-profile's email or password: its member only, never its own session. */
  | 'sub-profiles:sign-in'
  | 'sub-profiles:delete'
  | 'links:read'
  | 'links:write'
  | 'rotator:read'
  | 'rotator:write'
  | 'stats:read'
  /** The admin console. */
  | 'users:admin'
  /** The admin's own two-factor sign-in (issue 33): allowed before it is set up, when it is required. */
  | 'admin:two-factor'
  /** Create, list and revoke the account's API keys (issue 31). */
  | 'api-keys:manage'
  /** The account's outgoing webhook endpoints and their delivery logs (issue 31): its member only, no API key. */
  | 'webhooks:manage'
  /** Record a sale on one of the account's profiles through the public API (issue 31, /api/v1). */
  | 'conversions:write';

/** The scopes an API key may hold (issue 31); each grants the permissions of API_KEY_SCOPE_GRANTS. */
export const API_KEY_SCOPES = ['links:read', 'links:write', 'stats:read', 'rotator:write', 'conversions:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do: reading the queue includes the profiles and the rotator link it serves. */
export const API_KEY_SCOPE_GRANTS: Record<ApiKeyScope, readonly Permission[]> = {
  'links:read': ['links:read', 'rotator:read', 'profile:read'],
  'links:write': ['links:write'],
  'stats:read': ['stats:read'],
  'rotator:write': ['rotator:write', 'rotator:read'],
  'conversions:write': ['conversions:write'],
};

/**
 * Which profile a call acts on: 'self' = the caller's own account; otherwise the request field
 * that names it. `orSelf`: an absent field means the caller's own (the admin, who has none, must name one).
 */
export type ProfileParam = 'self' | { in: 'body' | 'query' | 'params'; name: string; orSelf?: true };

export interface Access {
  permission: Permission;
  profile?: ProfileParam;
  /**
   * On a public call (auth 'none'): nobody is refused; the route only learns whether the caller,
   * if any, holds the permission on the profile (the owner sees more, issue 16).
   */
  optional?: true;
}
