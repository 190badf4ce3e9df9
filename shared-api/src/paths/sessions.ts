import type { CallPath } from './index';

/**
 * Issue 33: the account page's session calls, apart from `paths` like the audit calls: only the
 * page that lists sessions bundles them (through /live).
 */
export const sessionPaths = {
  /** The signed-in account's sessions, the current one marked. */
  listSessions: { method: 'GET', url: '/api/auth/sessions', auth: 'member' },
  /** Ends one session: its next request, on any API node, is refused. */
  revokeSession: { method: 'POST', url: '/api/auth/sessions/:sessionId/revoke', auth: 'member' },
  /** Ends every session but the caller's. */
  revokeOtherSessions: { method: 'POST', url: '/api/auth/sessions/revoke-others', auth: 'member' },
} as const satisfies Record<string, CallPath>;
