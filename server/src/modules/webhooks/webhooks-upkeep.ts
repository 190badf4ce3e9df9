import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Outbox } from '../outbox';
import { disableEndpointFor } from './disable-endpoint';
import { LOG_LINES } from './webhooks.routes';
import { overdueEndpoints, trimDeliveryLogs } from './webhooks.repository';

/**
 * Endpoints whose run of failures outlived the window with no try left to notice it (the outbox
 * gives a row up after 48 h; the window is 3 days): switched off with the mail, as a failing try would.
 */
export async function disableOverdueEndpoints(d: { db: Db; outbox: Outbox; disableAfterMs: number }, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - d.disableAfterMs).toISOString();
  let n = 0;
  for (const endpoint of await overdueEndpoints(d.db, before)) {
    const since = endpoint.failing_since ?? before;
    if (await disableEndpointFor(d, endpoint, { at: now.toISOString(), since, lastError: 'no successful delivery since' })) n++;
  }
  return n;
}

/** An hourly job, once across the nodes (decision 0059): the sweep above, and each log kept to its newest lines. */
export function webhooksUpkeep(app: FastifyInstance): void {
  app.jobs.every({ name: 'webhooks-upkeep', intervalMs: 3600_000 }, async ({ log }) => {
    const disabled = await disableOverdueEndpoints({ db: app.db, outbox: app.outbox, disableAfterMs: app.config.webhooks.disableAfterMs });
    const trimmed = await trimDeliveryLogs(app.db, LOG_LINES);
    if (disabled || trimmed) log.info({ disabled, trimmed }, 'webhooks: upkeep done');
  });
}
