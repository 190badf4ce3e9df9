import type { CallPath } from './index';

/**
 * Issue 31: the account page's webhook calls, apart from `paths` like apiKeyPaths: only the page
 * that manages webhooks bundles them.
 */
export const webhookPaths = {
  listWebhooks: { method: 'GET', url: '/api/account/webhooks', auth: 'member' },
  createWebhook: { method: 'POST', url: '/api/account/webhooks', auth: 'member' },
  deleteWebhook: { method: 'POST', url: '/api/account/webhooks/:endpointId/delete', auth: 'member' },
  enableWebhook: { method: 'POST', url: '/api/account/webhooks/:endpointId/enable', auth: 'member' },
  rotateWebhookSecret: { method: 'POST', url: '/api/account/webhooks/:endpointId/rotate-secret', auth: 'member' },
  sendTestWebhook: { method: 'POST', url: '/api/account/webhooks/:endpointId/test', auth: 'member' },
  listWebhookDeliveries: { method: 'GET', url: '/api/account/webhooks/:endpointId/deliveries', auth: 'member' },
} as const satisfies Record<string, CallPath>;
