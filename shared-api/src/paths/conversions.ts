import type { CallPath } from './index';

/**
 * Issue 30: the conversion calls, apart from `paths` like the stats calls (paths/stats.ts): the
 * shell's start-up preloader bundles `paths` into every page, and only the member's settings
 * page uses these. The postback and the pixel are called by networks and thank-you pages, not by
 * our front ends: they are documented here and on the settings page, served by the server.
 */
export const conversionPaths = {
  getConversionSettings: { method: 'GET', url: '/api/conversions/settings', auth: 'member' },
  updateConversionSettings: { method: 'PUT', url: '/api/conversions/settings', auth: 'member' },
  rotatePostbackKey: { method: 'POST', url: '/api/conversions/rotate-key', auth: 'member' },
  getRecentConversions: { method: 'GET', url: '/api/conversions/recent', auth: 'signed-in' },
  downloadConversionsCsv: { method: 'GET', url: '/api/stats/conversions.csv', auth: 'signed-in' },
} as const satisfies Record<string, CallPath>;

/** Server-to-server: GET or POST, authenticated by the profile's postback key (query `key`) or signature header. */
export const POSTBACK_PATH = '/api/conversions/postback';
/** The 1×1 GIF of a thank-you page: `/px/{profileId}.gif?click_id=…`. */
export const PIXEL_PATH = '/px/:file';
