import type { CallPath } from './index';

/**
 * Issue 31: the account page's API key calls, apart from `paths` like statsPaths: only the page
 * that manages keys bundles them, not the shell's start-up preloader.
 */
export const apiKeyPaths = {
  listApiKeys: { method: 'GET', url: '/api/account/api-keys', auth: 'member' },
  createApiKey: { method: 'POST', url: '/api/account/api-keys', auth: 'member' },
  revokeApiKey: { method: 'POST', url: '/api/account/api-keys/:keyId/revoke', auth: 'member' },
} as const satisfies Record<string, CallPath>;
