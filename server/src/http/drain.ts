import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 28: what SIGTERM does to a node (a rolling restart, a scale-down). In order:
 *
 * 1. `/readyz` answers 503 from this instant (health.ts reads `draining`), so a load balancer
 *    that still sends work here takes the node out of rotation;
 * 2. the listening socket closes: new connections are refused, and a proxy retries a refused
 *    connection on another node (nothing was sent, so even a POST is safe to resend);
 * 3. every answer from now on says `Connection: close`, so a proxy's kept-alive connections end
 *    cleanly after their current request instead of being cut under a request on its way in;
 *    connections that stay idle are closed after IDLE_GRACE_MS;
 * 4. app.close(): in-flight requests finish, then the close hooks stop the jobs (their leases
 *    given back), flush the group commit, stop the outbox worker (claimed mail given back) and
 *    close the database.
 *
 * The whole drain is bounded by SHUTDOWN_TIMEOUT_MS in server.ts.
 */
export class DrainState {
  draining = false;
}

/** Long enough for a proxy to use (and so be told to close) a kept-alive connection it is about to reuse. */
const IDLE_GRACE_MS = 500;

export async function drainAndClose(app: FastifyInstance, drain: DrainState): Promise<void> {
  drain.draining = true;
  const server = app.server;
  server.prependListener('request', (_req, res) => {
    res.shouldKeepAlive = false;
  });
  // net.Server's close, not http.Server's: that one would also cut idle keep-alive connections
  // at once, racing a proxy that is writing a request into one of them. Its callback comes when
  // the last connection has ended, i.e. every request in flight was answered.
  const ended = new Promise<void>((resolve) => (server.listening ? NetServer.prototype.close.call(server, () => resolve()) : resolve()));
  await new Promise((r) => setTimeout(r, IDLE_GRACE_MS));
  server.closeIdleConnections();
  await ended;
  // Fastify's close now finds the server closed and goes on to the close hooks (app.ts).
  await app.close();
}
