import type { Selectable } from 'kysely';

/**
 * job_runs (issue 16): one row per scheduled job. The node holding an unexpired lease runs the
 * job; `next_run_at` says when it is due again. Times are ISO 8601 UTC like everywhere.
 */
export interface JobRunsTable {
  name: string;
  next_run_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_error: string | null;
}
export type JobRunRow = Selectable<JobRunsTable>;
