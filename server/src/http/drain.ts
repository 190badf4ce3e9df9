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
 *    connections that stay idle are closed only after the grace (DRAIN_GRACE_MS, 3 s): until the
 *    proxy's health check has seen the 503 it may still write a request into an idle connection,
 *    and a connection closed under that request is a 502 the proxy cannot retry (a POST was sent);
 * 4. app.close(): in-flight requests finish, then the close hooks stop the jobs (their leases
 *    given back), flush the group commit, stop the outbox worker (claimed mail given back) and
 *    close the database.
 *
 * The whole drain is bounded by SHUTDOWN_TIMEOUT_MS in server.ts.
 */
export class DrainState {
  draining = false;
}

/**
 * `graceMs`: how long idle kept-alive connections stay open after the drain begins. Longer than
 * the proxy's health interval plus one request (deploy/Caddyfile checks every 1 s), so the proxy
 * has stopped choosing this node before any connection it holds is closed.
 */
export async function drainAndClose(app: FastifyInstance, drain: DrainState, graceMs: number): Promise<void> {
  drain.draining = true;
  const server = app.server;
  server.prependListener('request', (_req, res) => {
    res.shouldKeepAlive = false;
  });
  // net.Server's close, not http.Server's: that one would also cut idle keep-alive connections
  // at once, racing a proxy that is writing a request into one of them. Its callback comes when
  // the last connection has ended, i.e. every request in flight was answered.
  const ended = new Promise<void>((resolve) => (server.listening ? NetServer.prototype.close.call(server, () => resolve()) : resolve()));
  await new Promise((r) => setTimeout(r, graceMs));
  server.closeIdleConnections();
  await ended;
  // Fastify's close now finds the server closed and goes on to the close hooks (app.ts).
  await app.close();
}
