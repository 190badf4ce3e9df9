import type { FastifyInstance } from 'fastify';
import type { GroupCommitOptions } from '../db/group-commit';
import type { ClickEventInput, ConversionRecorded, LedgerSubscriber } from '../modules/traffic';
import { Metrics, type MetricSources } from './metrics';

/**
 * Issue 28: /metrics is off unless METRICS_PORT is set — then this wires the counting in (none of
 * it costs a request anything otherwise) and server.ts serves the registry on its own listener.
 */
export function createMetrics(sources: MetricSources): {
  metrics: Metrics;
  observeBatch: GroupCommitOptions<unknown>['observe'];
  clickCounter: LedgerSubscriber;
} {
  const metrics = new Metrics(sources);
  const observeBatch: GroupCommitOptions<unknown>['observe'] = ({ works, seconds, ok }) => {
    metrics.batchSize.observe(works);
    metrics.commitSeconds.observe({ result: ok ? 'ok' : 'failed' }, seconds);
  };
  // A subscriber of the click ledger (issue 27): a batch's clicks (and a conversion, issue 30) are counted once it committed.
  const clickCounter: LedgerSubscriber = {
    name: 'metrics: clicks and conversions',
    open: () => {
      const events: ClickEventInput[] = [];
      const sales: ConversionRecorded[] = [];
      return {
        ClickRecorded: (e) => {
          events.push(e);
        },
        ConversionRecorded: (e) => {
          sales.push(e);
        },
        committed: () => {
          for (const e of events) metrics.clicks.inc({ verdict: e.verdict, source: e.source });
          for (const e of sales) metrics.conversions.inc({ status: e.status, via: e.via });
        },
      };
    },
  };
  return { metrics, observeBatch, clickCounter };
}

/** Before the routes: counts every request by its route pattern (the clicks: `clickCounter`, a ledger subscriber). */
export function installMetricHooks(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern (/r/:userId), never the raw URL: one series per route, not per visitor.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
