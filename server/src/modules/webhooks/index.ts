/** The webhooks feature as the app sees it (issue 31; issue 27: a feature is imported through its index). */
export { webhooks } from './webhooks';
export { webhookEvents } from './webhook-events';
export { disableOverdueEndpoints } from './webhooks-upkeep';
