import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '@rotalink/shared-api/contract';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { DeliveryStatus, WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.table';

export const endpointRowToEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events.split(',').filter(Boolean) as WebhookEvent[],
  created_at: row.created_at,
  disabled_at: row.disabled_at,
  disabled_reason: row.disabled_reason,
  failing_since: row.failing_since,
});

export const deliveryRowToDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  event_type: row.event_type,
  created_at: row.created_at,
  status: row.status,
  attempts: Number(row.attempts),
  last_attempt_at: row.last_attempt_at,
  response_code: row.response_code === null ? null : Number(row.response_code),
  error: row.error,
});

export const listEndpoints = (db: DbOrTrx, userId: string) =>
  db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();

export const findEndpoint = (db: DbOrTrx, id: string) =>
  db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();

/** The account's endpoint, or undefined (another account's is not found either). */
export const findOwnEndpoint = (db: DbOrTrx, userId: string, id: string) =>
  db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export async function countEndpoints(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The switched-on endpoints that hear a profile's events: the profile's own account's, or for a
 * sub-profile its member's. The event filter is applied by the caller (a short list).
 */
export function liveEndpointsFor(db: DbOrTrx, profileId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'user_id', 'events'])
    .where('disabled_at', 'is', null)
    .where((eb) =>
      eb.or([eb('user_id', '=', profileId), eb('user_id', '=', eb.selectFrom('users').select('parent_id').where('id', '=', profileId))]),
    )
    .execute();
}

/** One line of the log; false when that fact was already logged for the endpoint. */
export async function insertDelivery(
  db: DbOrTrx,
  row: { id: string; endpoint_id: string; event_key: string; event_type: string; created_at: string },
): Promise<boolean> {
  const res = await db
    .insertInto('webhook_deliveries')
    .values({ ...row, status: 'pending', attempts: 0 })
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function recordAttempt(
  db: DbOrTrx,
  o: { id: string; status: DeliveryStatus; attempts: number; at: string; code: number | null; error: string | null },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: o.status, attempts: o.attempts, last_attempt_at: o.at, response_code: o.code, error: o.error })
    .where('id', '=', o.id)
    .execute();
}

export const findDelivery = (db: DbOrTrx, id: string) =>
  db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();

/** The log as the page shows it: newest first, at most `limit`. */
export const recentDeliveries = (db: DbOrTrx, endpointId: string, limit: number) =>
  db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** A success ends the run of failures. */
export async function markSucceeding(db: DbOrTrx, endpointId: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', endpointId)
    .where('failing_since', 'is not', null)
    .execute();
}

/** A failure starts a run of failures (or continues the current one): answers when it started. */
export async function markFailing(db: DbOrTrx, endpointId: string, at: string): Promise<string | null> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: at })
    .where('id', '=', endpointId)
    .where('failing_since', 'is', null)
    .execute();
  const row = await db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', endpointId).executeTakeFirst();
  return row?.failing_since ?? null;
}

/** Switches the endpoint off once (true for the call that did). */
export async function disableEndpoint(db: DbOrTrx, o: { id: string; at: string; reason: string }): Promise<boolean> {
  const res = await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: o.at, disabled_reason: o.reason })
    .where('id', '=', o.id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Endpoints whose run of failures is older than `before` and that are still on (the hourly sweep). */
export const overdueEndpoints = (db: DbOrTrx, before: string) =>
  db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('disabled_at', 'is', null)
    .where('failing_since', 'is not', null)
    .where('failing_since', '<=', before)
    .execute();

/**
 * Keeps each endpoint's log bounded: finished lines beyond the newest `keep` are deleted (a
 * pending one stays until it is done). One statement for every endpoint, on both engines.
 */
export async function trimDeliveryLogs(db: DbOrTrx, keep: number): Promise<number> {
  const res = await db
    .deleteFrom('webhook_deliveries')
    .where('status', '!=', 'pending')
    .where(
      sql<boolean>`(select count(*) from webhook_deliveries as newer
        where newer.endpoint_id = webhook_deliveries.endpoint_id
          and (newer.created_at > webhook_deliveries.created_at
            or (newer.created_at = webhook_deliveries.created_at and newer.id > webhook_deliveries.id))) >= ${keep}`,
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
