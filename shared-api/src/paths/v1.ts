import type { CallPath } from './index';

/** The public REST API's prefix (issue 31): versioned, so a later v2 can change shapes without breaking scripts. */
export const V1_PREFIX = '/api/v1';

/**
 * Issue 31: the public REST API for scripts (an API key `rlk_…`, or a member's token). Apart from
 * `paths` like apiKeyPaths: no page of ours calls it, so no bundle carries it. Each call acts on
 * one profile named in the path; the access module checks it like every contract call.
 */
export const v1Paths = {
  listProfiles: { method: 'GET', url: '/api/v1/profiles', auth: 'member' },
  listLinks: { method: 'GET', url: '/api/v1/profiles/:profileId/links', auth: 'member' },
  createLink: { method: 'POST', url: '/api/v1/profiles/:profileId/links', auth: 'member' },
  reorderLinks: { method: 'POST', url: '/api/v1/profiles/:profileId/links/reorder', auth: 'member' },
  getLink: { method: 'GET', url: '/api/v1/profiles/:profileId/links/:linkId', auth: 'member' },
  updateLink: { method: 'PATCH', url: '/api/v1/profiles/:profileId/links/:linkId', auth: 'member' },
  deleteLink: { method: 'DELETE', url: '/api/v1/profiles/:profileId/links/:linkId', auth: 'member' },
  pauseLink: { method: 'POST', url: '/api/v1/profiles/:profileId/links/:linkId/pause', auth: 'member' },
  resumeLink: { method: 'POST', url: '/api/v1/profiles/:profileId/links/:linkId/resume', auth: 'member' },
  resetLink: { method: 'POST', url: '/api/v1/profiles/:profileId/links/:linkId/reset', auth: 'member' },
  getRotator: { method: 'GET', url: '/api/v1/profiles/:profileId/rotator', auth: 'member' },
  updateRotator: { method: 'PATCH', url: '/api/v1/profiles/:profileId/rotator', auth: 'member' },
  getStatsSummary: { method: 'GET', url: '/api/v1/profiles/:profileId/stats/summary', auth: 'member' },
  getStatsSeries: { method: 'GET', url: '/api/v1/profiles/:profileId/stats/series', auth: 'member' },
  recordConversion: { method: 'POST', url: '/api/v1/profiles/:profileId/conversions', auth: 'member' },
} as const satisfies Record<string, CallPath>;
