import { utcDay } from '../traffic';
import type { DbOrTrx } from '../../db/database';

const DAY_MS = 86_400_000;
/** Rows per DELETE: each statement is short, so clicks (SQLite's one writer) wait at most a few ms for it. */
export const PURGE_CHUNK = 2000;

export interface PurgeResult {
  /** Raw click events deleted (older than the retention). */
  events: number;
  /** Visitor sightings of UTC days before yesterday deleted (their hashes can never match again). */
  visitorDays: number;
}

/**
 * Retention (issue 15): deletes raw click events older than `retentionDays`, oldest first, in
 * short statements (click_events_time_idx finds them), and the visitor sightings of UTC days
 * before yesterday. Roll-ups are kept: the Stats page's history does not shrink, only the CSV's. Safe to run
 * twice or on two nodes at once (a second run finds nothing older to delete); stops between
 * chunks when `signal` aborts (the node shuts down or lost the job's lease).
 */
export async function purgeClickEvents(
  db: DbOrTrx,
  o: { now: Date; retentionDays: number; signal?: AbortSignal; chunk?: number },
): Promise<PurgeResult> {
  const cutoff = new Date(o.now.getTime() - o.retentionDays * DAY_MS).toISOString();
  const chunk = o.chunk ?? PURGE_CHUNK;
  let events = 0;
  for (;;) {
    if (o.signal?.aborted) break;
    const res = await db
      .deleteFrom('click_events')
      .where('id', 'in', (eb) =>
        eb.selectFrom('click_events').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(chunk),
      )
      .executeTakeFirst();
    const deleted = Number(res.numDeletedRows);
    events += deleted;
    if (deleted < chunk) break;
    // Let waiting requests (a click's batch) in between two statements.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Yesterday's are kept: a click made just before midnight may still be in a batch after it.
  const yesterday = utcDay(new Date(o.now.getTime() - DAY_MS));
  const days = await db.deleteFrom('click_visitor_days').where('day', '<', yesterday).executeTakeFirst();
  return { events, visitorDays: Number(days.numDeletedRows) };
}
