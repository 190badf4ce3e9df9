import type { CreateWebhookBody, TestWebhookOk, WebhookDeliveriesOk, WebhookOk, WebhookSecretOk, WebhooksOk } from '../contract/webhooks';
import type { MessageOk } from '../contract/common';
import { webhookPaths } from '../paths/webhooks';
import { send } from './send';

/** Issue 31: the account page's webhook calls (in /live, like the API key calls: only that page carries them). */
export const listWebhooks = () => send<WebhooksOk>(webhookPaths.listWebhooks);
/** The answer's `secret` is the only time the signing secret is shown (and rotateWebhookSecret's). */
export const createWebhook = (body: CreateWebhookBody) => send<WebhookSecretOk>(webhookPaths.createWebhook, { body });
const one = (endpointId: string) => ({ params: { endpointId } });
export const deleteWebhook = (endpointId: string) => send<MessageOk>(webhookPaths.deleteWebhook, one(endpointId));
export const enableWebhook = (endpointId: string) => send<WebhookOk>(webhookPaths.enableWebhook, one(endpointId));
export const rotateWebhookSecret = (endpointId: string) => send<WebhookSecretOk>(webhookPaths.rotateWebhookSecret, one(endpointId));
export const sendTestWebhook = (endpointId: string) => send<TestWebhookOk>(webhookPaths.sendTestWebhook, one(endpointId));
export const listWebhookDeliveries = (endpointId: string) => send<WebhookDeliveriesOk>(webhookPaths.listWebhookDeliveries, one(endpointId));
