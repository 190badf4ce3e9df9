import type { DbOrTrx } from '../db/database';
import type { JobRunRow } from './job-runs.table';

/**
 * The lease of a scheduled job, as single conditional statements (no read-then-write), so they
 * mean the same on SQLite and on PostgreSQL with any number of nodes: whoever's UPDATE matched
 * holds the lease; everyone else's matched nothing.
 */

/** The job's row, created due at `firstRunAt` the first time any node registers it. */
export async function ensureJobRow(db: DbOrTrx, name: string, firstRunAt: Date): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({ name, next_run_at: firstRunAt.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export function readJobRow(db: DbOrTrx, name: string): Promise<JobRunRow | undefined> {
  return db.selectFrom('job_runs').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Takes the lease when the job is due and nobody holds an unexpired lease; true when this node got it. */
export async function claimJob(db: DbOrTrx, o: { name: string; owner: string; now: Date; leaseMs: number }): Promise<boolean> {
  const now = o.now.toISOString();
  const res = await db
    .updateTable('job_runs')
    .set({ lease_owner: o.owner, lease_until: new Date(o.now.getTime() + o.leaseMs).toISOString(), last_started_at: now })
    .where('name', '=', o.name)
    .where('next_run_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Extends a lease this node still holds (a long run); false when it was lost (expired and taken). */
export async function renewLease(db: DbOrTrx, o: { name: string; owner: string; until: Date }): Promise<boolean> {
  const res = await db
    .updateTable('job_runs')
    .set({ lease_until: o.until.toISOString() })
    .where('name', '=', o.name)
    .where('lease_owner', '=', o.owner)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends this node's run: the next due time, the lease released, the outcome kept for diagnostics. */
export async function finishJob(
  db: DbOrTrx,
  o: { name: string; owner: string; now: Date; nextRunAt: Date; error: string | null },
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({
      next_run_at: o.nextRunAt.toISOString(),
      lease_owner: null,
      lease_until: null,
      last_finished_at: o.now.toISOString(),
      last_error: o.error,
    })
    .where('name', '=', o.name)
    .where('lease_owner', '=', o.owner)
    .execute();
}

/** Makes a job due now (an operator's or a test's "run it now"); the next free node runs it. */
export async function makeJobDue(db: DbOrTrx, name: string, now: Date): Promise<void> {
  await db.updateTable('job_runs').set({ next_run_at: now.toISOString() }).where('name', '=', name).execute();
}
