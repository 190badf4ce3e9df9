import type { FastifyInstance } from 'fastify';
import type { GroupCommitOptions } from '../db/group-commit';
import { clickListeners } from '../modules/clicks/click-batch';
import type { ClickEventInput } from '../modules/clicks/click-events.repository';
import { Metrics, type MetricSources } from './metrics';

/**
 * Issue 28: /metrics is off unless METRICS_PORT is set — then this wires the counting in (none of
 * it costs a request anything otherwise) and server.ts serves the registry on its own listener.
 */
export function createMetrics(sources: MetricSources): { metrics: Metrics; observeBatch: GroupCommitOptions['observe'] } {
  const metrics = new Metrics(sources);
  const observeBatch: GroupCommitOptions['observe'] = ({ works, seconds, ok }) => {
    metrics.batchSize.observe(works);
    metrics.commitSeconds.observe({ result: ok ? 'ok' : 'failed' }, seconds);
  };
  return { metrics, observeBatch };
}

/** Before the routes: counts every request by its route pattern, and every committed click. */
export function installMetricHooks(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern (/r/:userId), never the raw URL: one series per route, not per visitor.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  const onClicks = (events: readonly ClickEventInput[]) => {
    for (const e of events) metrics.clicks.inc({ verdict: e.verdict, source: e.source });
  };
  clickListeners.push(onClicks);
  app.addHook('onClose', async () => {
    clickListeners.splice(clickListeners.indexOf(onClicks), 1);
  });
}
