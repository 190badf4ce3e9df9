import type { Selectable } from 'kysely';

/** webhook_endpoints (migration 0045, issue 31): where an account's events are sent. */
export interface WebhookEndpointsTable {
  id: string;
  /** The member's account; its sub-profiles' events come here too. */
  user_id: string;
  url: string;
  /** Comma-separated event types. */
  events: string;
  /** The `whsec_…` signing secret, sealed (webhook-secret.ts). */
  secret_sealed: string;
  created_at: string;
  /** Start of the current run of failed tries; null after a success. */
  failing_since: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
}
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'skipped';

/** webhook_deliveries (migration 0045): the delivery log; `id` is the `webhook-id` header. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  /** What fact this is (unique per endpoint): the same fact is never queued twice. */
  event_key: string;
  event_type: string;
  created_at: string;
  status: DeliveryStatus;
  attempts: number;
  last_attempt_at: string | null;
  response_code: number | null;
  error: string | null;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
