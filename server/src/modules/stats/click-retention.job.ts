import type { FastifyInstance } from 'fastify';
import { purgeClickEvents } from './purge-click-events';

export const CLICK_RETENTION_JOB = 'click-events-retention';
const HOUR_MS = 3_600_000;

/**
 * The retention purge as a scheduled job (issue 16's scheduler): once an hour across all API
 * nodes, so each run deletes about an hour of expired events instead of a whole day at once.
 */
export function registerClickRetention(app: FastifyInstance): void {
  app.jobs.every({ name: CLICK_RETENTION_JOB, intervalMs: HOUR_MS }, async ({ signal, log }) => {
    const result = await purgeClickEvents(app.db, { now: new Date(), retentionDays: app.config.clickEventsRetentionDays, signal });
    if (result.events > 0 || result.visitorDays > 0) log.info({ job: CLICK_RETENTION_JOB, ...result }, 'expired click events purged');
  });
}
