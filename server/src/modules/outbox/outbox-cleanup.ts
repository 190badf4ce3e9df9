import type { FastifyInstance } from 'fastify';
import { deleteFinishedRows } from './outbox.repository';

/** Finished outbox rows are kept this long (what went out, when, after how many tries), then deleted. */
export const KEEP_FINISHED_DAYS = 30;

/** A daily job, once across the nodes (jobs/scheduler.ts): finished rows past KEEP_FINISHED_DAYS go. */
export async function outboxCleanup(app: FastifyInstance): Promise<void> {
  app.jobs.every({ name: 'outbox-cleanup', intervalMs: 24 * 3600_000 }, async ({ log }) => {
    const deleted = await deleteFinishedRows(app.db, new Date(Date.now() - KEEP_FINISHED_DAYS * 86_400_000));
    if (deleted > 0) log.info({ deleted }, 'outbox: old finished mail rows deleted');
  });
}
