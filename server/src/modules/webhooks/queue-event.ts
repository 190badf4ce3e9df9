import type { WebhookEvent } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../../db/database';
import { newId } from '../../db/ids';
import type { Outbox } from '../outbox';
import { insertDelivery } from './webhooks.repository';

/** The outbox kind of a webhook delivery (a task, not a mail: delivery-task.ts). */
export const WEBHOOK_KIND = 'webhook';

/** The body every delivery carries (Standard Webhooks' recommended shape). */
export interface WebhookBody {
  type: WebhookEvent | 'webhook.test';
  /** When the event happened (ISO UTC); the same on every try. */
  timestamp: string;
  data: Record<string, unknown>;
}

/** An outbox row's payload: which log line and endpoint, and the body to sign and send. */
export interface WebhookPayload {
  deliveryId: string;
  endpointId: string;
  body: WebhookBody;
}

/** `msg_` + 16 random bytes: the `webhook-id` receivers dedupe on (Standard Webhooks' form). */
export const newMessageId = () => `msg_${newId()}`;

/**
 * Queues one delivery of one event to one endpoint in the caller's transaction: the outbox row
 * (retries, leases) and the log line, both or neither. `eventKey` names the fact; the same fact
 * for the same endpoint is queued once (the outbox's dedupe key and the log's unique index).
 * Answers the delivery id, or null when the fact was already queued.
 */
export async function queueDelivery(
  trx: DbOrTrx,
  outbox: Outbox,
  o: { endpoint: { id: string; user_id: string }; eventKey: string; body: WebhookBody },
): Promise<string | null> {
  const deliveryId = newMessageId();
  const payload: WebhookPayload = { deliveryId, endpointId: o.endpoint.id, body: o.body };
  const queued = await outbox.enqueue(
    { kind: WEBHOOK_KIND, payload, userId: o.endpoint.user_id, dedupeKey: `webhook:${o.endpoint.id}:${o.eventKey}` },
    trx,
  );
  if (!queued) return null;
  await insertDelivery(trx, {
    id: deliveryId,
    endpoint_id: o.endpoint.id,
    event_key: o.eventKey,
    event_type: o.body.type,
    created_at: o.body.timestamp,
  });
  return deliveryId;
}
