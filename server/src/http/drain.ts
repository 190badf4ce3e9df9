import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 28: what SIGTERM does to a node (a rolling restart, a scale-down). In order:
 *
 * 1. `/readyz` answers 503 from this instant (health.ts reads `draining`), so a load balancer
 *    that still sends work here takes the node out of rotation; every answer from now on says
 *    `Connection: close`, so a proxy's kept-alive connections end cleanly after their current
 *    request instead of being cut under a request on its way in;
 * 2. for the grace (DRAIN_GRACE_MS, 3 s) the node still takes connections and answers as usual:
 *    until the proxy's health check has seen the 503 it may still choose this node, and a refused
 *    connection is a retry the proxy may fumble (Caddy 2.6 resends a POST with the body Go's
 *    transport closed after the failed dial: a 502, seen in `npm run test:deploy`);
 * 3. the listening socket closes (new connections refused; by now no proxy chooses this node) and
 *    idle connections are closed;
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
 * `graceMs`: how long the node goes on taking connections after the drain begins. Longer than
 * the proxy's health interval plus one request (deploy/Caddyfile checks every 1 s), so the proxy
 * has stopped choosing this node before it refuses a connection or closes one it holds.
 */
export async function drainAndClose(app: FastifyInstance, drain: DrainState, graceMs: number): Promise<void> {
  drain.draining = true;
  const server = app.server;
  server.prependListener('request', (_req, res) => {
    res.shouldKeepAlive = false;
  });
  await new Promise((r) => setTimeout(r, graceMs));
  // net.Server's close, not http.Server's: that one would also cut connections at once. Its
  // callback comes when the last connection has ended, i.e. every request in flight was answered.
  const ended = new Promise<void>((resolve) => (server.listening ? NetServer.prototype.close.call(server, () => resolve()) : resolve()));
  server.closeIdleConnections();
  await ended;
  // Fastify's close now finds the server closed and goes on to the close hooks (app.ts).
  await app.close();
}
