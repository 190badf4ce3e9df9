import { connect as tcpConnect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { useTestApp } from './helpers';

/**
 * Issue 11: the server never closed half-open connections (1,000 held). With REQUEST_TIMEOUT_MS
 * (1 s here) a client that sends nothing, one that trickles its headers, and an idle kept-alive
 * socket are all closed.
 */
describe('server timeouts for slow and half-open clients', () => {
  const t = useTestApp('sqlite', { REQUEST_TIMEOUT_MS: '1000' });
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** Resolves with the ms until the server closed the socket (or `limit` if it did not). */
  function closedWithin(socket: Socket, limit: number): Promise<number> {
    const started = performance.now();
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(limit), limit);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(performance.now() - started);
      });
      socket.on('error', () => undefined);
      socket.resume();
    });
  }
  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const s = tcpConnect(port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });

  it('a connection that sends nothing is closed', async () => {
    const socket = await open();
    expect(await closedWithin(socket, 6000)).toBeLessThan(4000);
  });

  it('headers trickled a line at a time (slowloris) are cut off', async () => {
    const socket = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 300);
    try {
      expect(await closedWithin(socket, 6000)).toBeLessThan(4000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('a kept-alive socket left idle after its answer is closed', async () => {
    const socket = await open();
    const answered = new Promise<string>((resolve) => socket.once('data', (d) => resolve(d.toString())));
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    expect(await closedWithin(socket, 6000)).toBeLessThan(4000);
  });
});
