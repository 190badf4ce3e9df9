import type { CallPath } from './index';

/**
 * Issue 33: the admin's two-factor sign-in, apart from `paths` like the audit calls: only the
 * admin console bundles them.
 */
export const twoFactorPaths = {
  /** After a password that was right: the code from the authenticator app (or a recovery code). */
  adminLoginCode: { method: 'POST', url: '/api/admin/adminlogin/code', auth: 'none' },
  getTwoFactor: { method: 'GET', url: '/api/admin/two-factor', auth: 'admin' },
  /** A new secret and its QR code; nothing changes until a code from it is confirmed. */
  startTwoFactor: { method: 'POST', url: '/api/admin/two-factor/setup', auth: 'admin' },
  /** Confirms the new secret with a code from it; answers the ten recovery codes, once. */
  enableTwoFactor: { method: 'POST', url: '/api/admin/two-factor/enable', auth: 'admin' },
  /** Turns it off, with a current code or a recovery code (a lost or changed phone); refused when the site requires it. */
  disableTwoFactor: { method: 'POST', url: '/api/admin/two-factor/disable', auth: 'admin' },
} as const satisfies Record<string, CallPath>;
