import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

/**
 * Issue 28: GET /metrics on a listener of its own (METRICS_PORT, METRICS_HOST default 127.0.0.1),
 * never on the public port, so the proxy in front of the API cannot expose it by mistake. Only
 * the scraper reaches it; anything else is a 404.
 */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (err: unknown) => res.writeHead(503, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${(err as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  const { port: bound } = server.address() as AddressInfo;
  return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics` };
}
