import { createServer, type AddressInfo } from 'node:net';

/**
 * A port nobody listens on right now (for moving a remote to a new address). The harness has its
 * own copy in harness/stack.mjs: ts-jest test code cannot import that ES module.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
