import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/database';
import type { Outbox, Task } from '../outbox';
import { disableEndpointFor } from './disable-endpoint';
import { postWebhook, type PostOptions } from './post-webhook';
import type { WebhookPayload } from './queue-event';
import type { WebhookSecrets } from './webhook-secret';
import { findEndpoint, markFailing, markSucceeding, recordAttempt } from './webhooks.repository';

export const USER_AGENT = 'Rotalink-Webhooks/1.0';
const DISABLED = 'The endpoint is switched off';

export interface DeliveryDeps {
  db: Db;
  outbox: Outbox;
  secrets: WebhookSecrets;
  post: PostOptions;
  /** An endpoint whose every try failed this long is switched off (WEBHOOK_DISABLE_AFTER_MS). */
  disableAfterMs: number;
}

/**
 * Issue 31: the outbox task that makes one try of one delivery. The body is signed per Standard
 * Webhooks with the `standardwebhooks` package: `webhook-id` (the log line's id, the same on every
 * try, so receivers drop a repeat), `webhook-timestamp` (this try, seconds) and
 * `webhook-signature` (v1, HMAC-SHA256 of `id.timestamp.body`). A 2xx ends it; anything else is
 * retried on the outbox's schedule (decision 0060) and logged. A failure that makes the endpoint's
 * run of failures longer than `disableAfterMs` switches it off and mails its member.
 */
export function deliveryTask(d: DeliveryDeps): Task<WebhookPayload> {
  return async (p, ctx) => {
    const endpoint = await findEndpoint(d.db, p.endpointId);
    // Deleted meanwhile: its log went with it.
    if (!endpoint) return { status: 'skipped' };
    const attempts = Number(ctx.row.attempts);
    if (endpoint.disabled_at) {
      await recordAttempt(d.db, {
        id: p.deliveryId,
        status: 'skipped',
        attempts: attempts - 1,
        at: new Date().toISOString(),
        code: null,
        error: DISABLED,
      });
      return { status: 'skipped' };
    }
    const body = JSON.stringify(p.body);
    const sentAt = new Date();
    const signature = new Webhook(d.secrets.open(endpoint.secret_sealed)).sign(p.deliveryId, sentAt, body);
    const headers = {
      'webhook-id': p.deliveryId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
      'user-agent': USER_AGENT,
    };
    const result = await postWebhook(endpoint.url, body, headers, d.post);
    const at = new Date().toISOString();
    if (result.ok) {
      // One commit for the log line and the endpoint's state (a try costs two: this and the outbox's).
      await d.db.transaction().execute(async (trx) => {
        await recordAttempt(trx, { id: p.deliveryId, status: 'delivered', attempts, at, code: result.code, error: null });
        await markSucceeding(trx, endpoint.id);
      });
      return { status: 'done' };
    }
    const error = (result.error ?? 'failed').slice(0, 200);
    const since = await d.db.transaction().execute(async (trx) => {
      const started = await markFailing(trx, endpoint.id, at);
      const overdue = started !== null && Date.parse(at) - Date.parse(started) >= d.disableAfterMs;
      const final = overdue || ctx.retryAt === null;
      await recordAttempt(trx, { id: p.deliveryId, status: final ? 'failed' : 'pending', attempts, at, code: result.code, error });
      return { started, overdue, final };
    });
    if (since.overdue) await disableEndpointFor(d, endpoint, { at, since: since.started as string, lastError: error });
    return { status: 'failed', error, final: since.final };
  };
}
