/**
 * Issue 31: the events a webhook endpoint may pick. Apart from the schemas (contract/webhooks.ts)
 * and free of imports, so the account page's /live entry can list them without TypeBox.
 */
export const WEBHOOK_EVENTS = ['link.filled', 'queue.empty', 'link.paused', 'conversion.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What "Send test event" sends (to any endpoint, whatever it picked). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
