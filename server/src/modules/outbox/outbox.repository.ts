import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { skipLockedForUpdate } from '../../db/dialect-sql';
import type { NewOutboxRow, OutboxRow, OutboxStatus } from './outbox.table';

/**
 * Writes one mail to deliver, in the caller's transaction. A `dedupe_key` already present makes
 * this a no-op (the fact was queued before): true when the row was written.
 */
export async function insertOutboxRow(db: DbOrTrx, row: NewOutboxRow): Promise<boolean> {
  const res = await db
    .insertInto('outbox')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Leases up to `limit` due rows (of `kinds` when given) to `owner` and counts the attempt, in ONE statement. On
 * PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so two nodes claiming at the same
 * moment get different rows without waiting for each other; SQLite serialises writers anyway.
 * The lease (not a lock) keeps the row from other nodes while the mail is sent outside any
 * transaction; when its holder dies, the lease runs out and the row is due again.
 */
export async function claimDueRows(
  db: DbOrTrx,
  o: { owner: string; now: Date; leaseMs: number; limit: number; kinds?: string[] },
): Promise<OutboxRow[]> {
  const now = o.now.toISOString();
  let pick = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]));
  // Only these kinds (the mail server is away: rows that need it wait).
  if (o.kinds) pick = pick.where('kind', 'in', o.kinds);
  const due = skipLockedForUpdate(db, pick.orderBy('next_attempt_at').limit(o.limit));
  return db
    .updateTable('outbox')
    .set({
      lease_owner: o.owner,
      lease_until: new Date(o.now.getTime() + o.leaseMs).toISOString(),
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** The row is done (sent, failed for good or nothing to send): the sealed payload is dropped. */
export async function finishRow(
  db: DbOrTrx,
  o: { id: string; owner: string; status: Exclude<OutboxStatus, 'pending'>; now: Date; error?: string | null },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: o.status,
      sent_at: o.status === 'sent' ? o.now.toISOString() : null,
      last_error: o.error ?? null,
      payload: '',
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', o.id)
    .where('lease_owner', '=', o.owner)
    .execute();
}

/** Another try later (`countAttempt: false`: the row was claimed but not tried, give the attempt back). */
export async function retryRowAt(
  db: DbOrTrx,
  o: { id: string; owner: string; at: Date; error: string | null; countAttempt?: boolean },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      next_attempt_at: o.at.toISOString(),
      last_error: o.error,
      lease_owner: null,
      lease_until: null,
      ...(o.countAttempt === false ? { attempts: sql<number>`attempts - 1` } : {}),
    })
    .where('id', '=', o.id)
    .where('lease_owner', '=', o.owner)
    .execute();
}

/** The mail server is back: every row that waits only for it is due now. */
export async function releaseRowsWaitingForServer(db: DbOrTrx, now: Date, marker: string): Promise<number> {
  const res = await db
    .updateTable('outbox')
    .set({ next_attempt_at: now.toISOString() })
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', now.toISOString())
    .where('last_error', 'like', `${marker}%`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Finished rows older than `before` (daily clean-up): their payloads are already gone. */
export async function deleteFinishedRows(db: DbOrTrx, before: Date): Promise<number> {
  const res = await db
    .deleteFrom('outbox')
    .where('status', '!=', 'pending')
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** How many mails of a kind were queued for an account since `since` (hourly limits). */
export async function countQueued(db: DbOrTrx, o: { userId: string; kind: string; since: Date }): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', o.userId)
    .where('kind', '=', o.kind)
    .where('created_at', '>=', o.since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
