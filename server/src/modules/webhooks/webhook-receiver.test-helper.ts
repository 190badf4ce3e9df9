import { mkdtempSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** What the receiver answered. */
  status: number;
}

export interface Receiver {
  /** https://127.0.0.1:<port> */
  base: string;
  /** A PEM file of the receiver's certificate, for LINK_CHECK_TEST_CA. */
  caFile: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * Issue 31: a real HTTPS webhook receiver on 127.0.0.1 with a throwaway certificate (the tests
 * trust it through LINK_CHECK_TEST_CA, and reach 127.0.0.1 through LINK_CHECK_TEST_ALLOW). Paths:
 * `/flaky` answers 500 to the first two tries of each webhook-id, then 200; `/down` always 503;
 * `/moved` 302 to `/ok`; `/ok` 200.
 */
export async function startReceiver(): Promise<Receiver> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    notAfterDate: new Date(Date.now() + 2 * 24 * 3600 * 1000),
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'rotalink-webhooks-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, pems.cert);
  const received: Received[] = [];
  const tries = new Map<string, number>();
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const id = String(req.headers['webhook-id']);
      let status = 200;
      if (path === '/flaky') {
        const n = (tries.get(id) ?? 0) + 1;
        tries.set(id, n);
        status = n <= 2 ? 500 : 200;
      } else if (path === '/down') status = 503;
      else if (path === '/moved') status = 302;
      received.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, status === 302 ? { location: '/ok' } : {}).end(status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    caFile,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
