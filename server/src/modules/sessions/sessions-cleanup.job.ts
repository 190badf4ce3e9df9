import type { FastifyInstance } from 'fastify';
import { deleteEndedSessions } from './sessions.repository';

export const SESSIONS_CLEANUP_JOB = 'sessions-cleanup';
/** Ended sessions stay this long (a member asking "was that me?" about last week's sign-out), then go. */
export const KEEP_ENDED_SESSION_DAYS = 30;

/**
 * Decision 0144: a daily job, once across the nodes (jobs/scheduler.ts), deletes session rows that
 * were revoked or expired more than KEEP_ENDED_SESSION_DAYS ago: one row per sign-in would
 * otherwise grow without bound.
 */
export function sessionsCleanup(app: FastifyInstance): void {
  app.jobs.every({ name: SESSIONS_CLEANUP_JOB, intervalMs: 24 * 3600_000 }, async ({ log }) => {
    const before = new Date(Date.now() - KEEP_ENDED_SESSION_DAYS * 86_400_000).toISOString();
    const deleted = await deleteEndedSessions(app.db, before);
    if (deleted > 0) log.info({ job: SESSIONS_CLEANUP_JOB, deleted }, 'old ended sessions deleted');
  });
}
