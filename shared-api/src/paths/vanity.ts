import type { CallPath } from './index';

/** Issue 32: handles and custom domains. Same shape and rules as `paths`. */
export const vanityPaths = {
  /** One profile's handle (its owner). */
  getHandle: { method: 'GET', url: '/api/handles', auth: 'member' },
  /** Claims, changes (the old one redirects for 30 days) or drops a profile's handle. */
  updateHandle: { method: 'PUT', url: '/api/handles', auth: 'member' },
  /** The current handle of each of the member's profiles. */
  getMyHandles: { method: 'GET', url: '/api/handles/mine', auth: 'member' },
  /** The visitor page at `/{handle}`, and on a custom host: whose page it is. */
  resolveHandle: { method: 'GET', url: '/api/public/handle', auth: 'none' },
  resolveHost: { method: 'GET', url: '/api/public/host', auth: 'none' },
  /** The member's custom domain: read, add (or replace), verify now, remove. */
  getDomain: { method: 'GET', url: '/api/domains', auth: 'member' },
  addDomain: { method: 'PUT', url: '/api/domains', auth: 'member' },
  verifyDomain: { method: 'POST', url: '/api/domains/verify', auth: 'member' },
  removeDomain: { method: 'POST', url: '/api/domains/remove', auth: 'member' },
  /** The reverse proxy's question before it asks for a certificate (Caddy on-demand TLS `ask`). */
  allowedDomain: { method: 'GET', url: '/api/domains/allowed', auth: 'none' },
} as const satisfies Record<string, CallPath>;
