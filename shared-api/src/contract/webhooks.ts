import { Type, type Static } from '@sinclair/typebox';
import { Id, MAX_URL, Nullable, strict } from './common';
import { WEBHOOK_EVENTS } from './webhook-events';

/**
 * Issue 31: outgoing webhooks. A member's account registers HTTPS endpoints and picks the events
 * each one hears; every delivery is signed per the Standard Webhooks spec with the endpoint's
 * secret (`whsec_…`), shown once.
 */
export { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEvent } from './webhook-events';

export const WebhookEventSchema = Type.Union(WEBHOOK_EVENTS.map((s) => Type.Literal(s)));

export const WebhookEndpoint = Type.Object({
  id: Id,
  url: Type.String(),
  events: Type.Array(WebhookEventSchema),
  created_at: Type.String(),
  /** Set when it was switched off after failing for too long (or null: it is on). */
  disabled_at: Nullable(Type.String()),
  disabled_reason: Nullable(Type.String()),
  /** Since when every delivery has failed (null: the last one succeeded, or none yet). */
  failing_since: Nullable(Type.String()),
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

export const WebhooksOk = Type.Object({ endpoints: Type.Array(WebhookEndpoint), max_endpoints: Type.Integer() });
export type WebhooksOk = Static<typeof WebhooksOk>;

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: MAX_URL }),
    events: Type.Array(WebhookEventSchema, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
  },
  strict,
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

/** The only answers that carry the signing secret (create, rotate): the page shows it once. */
export const WebhookSecretOk = Type.Object({ message: Type.String(), endpoint: WebhookEndpoint, secret: Type.String() });
export type WebhookSecretOk = Static<typeof WebhookSecretOk>;

export const WebhookParams = Type.Object({ endpointId: Id }, strict);
export type WebhookParams = Static<typeof WebhookParams>;

export const WebhookOk = Type.Object({ message: Type.String(), endpoint: WebhookEndpoint });
export type WebhookOk = Static<typeof WebhookOk>;

export const WebhookDeliveryStatus = Type.Union(['pending', 'delivered', 'failed', 'skipped'].map((s) => Type.Literal(s)));

/** One event sent (or being sent) to one endpoint: its `id` is the `webhook-id` header, the same on every try. */
export const WebhookDelivery = Type.Object({
  id: Type.String(),
  event_type: Type.String(),
  created_at: Type.String(),
  status: WebhookDeliveryStatus,
  attempts: Type.Integer(),
  last_attempt_at: Nullable(Type.String()),
  /** The receiver's HTTP status on the last try (null: no answer). */
  response_code: Nullable(Type.Integer()),
  /** Why the last try failed, short. */
  error: Nullable(Type.String()),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveriesOk = Type.Object({ deliveries: Type.Array(WebhookDelivery) });
export type WebhookDeliveriesOk = Static<typeof WebhookDeliveriesOk>;

export const TestWebhookOk = Type.Object({ message: Type.String(), delivery: WebhookDelivery });
export type TestWebhookOk = Static<typeof TestWebhookOk>;
