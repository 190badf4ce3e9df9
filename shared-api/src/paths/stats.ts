import type { CallPath } from './index';

/**
 * Issue 15: the stats calls, apart from `paths` on purpose. Only the /live entry (bundled by the
 * pages that use it) and the server's contract read them, so neither the shell's start-up
 * preloader, which bundles `paths` into every page's main.js, nor the singleton carries them
 * (the visitor page must not grow by a byte, decision 0071). Same shape and rules as `paths`.
 */
export const statsPaths = {
  /** A profile's click analytics (its owner or the admin). */
  getStatsSummary: { method: 'GET', url: '/api/stats/summary', auth: 'signed-in' },
  getStatsSeries: { method: 'GET', url: '/api/stats/series', auth: 'signed-in' },
  downloadClicksCsv: { method: 'GET', url: '/api/stats/clicks.csv', auth: 'signed-in' },
  /** The totals of a member's profiles (the member and its sub-profiles) in one call: the dashboard's live counts. */
  getStatsProfiles: { method: 'GET', url: '/api/stats/profiles', auth: 'signed-in' },
  /** A member's click totals for the admin's user details. */
  getAdminUserStats: { method: 'GET', url: '/api/admin/userstats/:userId', auth: 'admin' },
} as const satisfies Record<string, CallPath>;
