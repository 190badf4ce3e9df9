import type { CallPath } from './index';

/**
 * Issue 33: a member's own data export and account deletion (decision 0145), apart from `paths`
 * like the session calls: only the account page carries them (through /live).
 */
export const accountDataPaths = {
  /** Everything the account holds, as one streamed zip. */
  exportAccount: { method: 'GET', url: '/api/account/export', auth: 'member' },
  /** Deletes the account after its password; signs out everywhere. */
  deleteAccount: { method: 'POST', url: '/api/account/delete', auth: 'member' },
} as const satisfies Record<string, CallPath>;
