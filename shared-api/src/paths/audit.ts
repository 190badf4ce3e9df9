import type { CallPath } from './index';

/**
 * Issue 33: the audit-log calls, apart from `paths` like the stats calls (paths/stats.ts): only
 * the pages that use them (through /live) and the server's contract read them, so neither the
 * singleton nor the shell's preloader grows, and a remote built with them runs under an older shell.
 */
export const auditPaths = {
  /** The admin's Activity page: the audit log, filtered and paged on the server. */
  getActivity: { method: 'GET', url: '/api/admin/activity', auth: 'admin' },
  /** A member's own security events (account page). */
  getSecurityEvents: { method: 'GET', url: '/api/auth/security-events', auth: 'member' },
} as const satisfies Record<string, CallPath>;
