import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis, SMTP) that a fault test controls,
 * so the service shared with other test runs is never stopped itself:
 * - `stop()`: every connection is cut and new ones are refused — a crash, a restart, a failover;
 * - `blackhole()`: connections stay open but nothing gets through, and new ones are accepted and
 *   never answered — a hung server or a network partition;
 * - `start()` / `heal()`: back to normal, on the same port.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private holding = false;

  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.start();
    return proxy;
  }

  /** Listens again (on the same port after a stop). */
  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    this.holding = false;
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  blackhole(): void {
    this.holding = true;
    for (const s of this.sockets) s.pause();
  }

  heal(): void {
    this.holding = false;
    // Connections that lived through the black hole are cut: their protocol state is unknown.
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    if (this.holding) {
      client.pause();
      return;
    }
    const upstream = connect(this.target.port, this.target.host);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk) => {
      if (!this.holding) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!this.holding) client.write(chunk);
    });
  }
}

export const hostPort = (url: string): { host: string; port: number } => {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || (u.protocol.startsWith('postgres') ? 5432 : u.protocol.startsWith('redis') ? 6379 : 25)),
  };
};

/** The same URL, pointing at the proxy. */
export const viaProxy = (url: string, proxy: TcpProxy): string => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
};
