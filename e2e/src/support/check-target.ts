/**
 * Issue 16: a destination the API's link check can reach — an HTTPS server on 127.0.0.1 with the
 * certificate global-setup made and the API trusts (LINK_CHECK_TEST_CA, LINK_CHECK_TEST_ALLOW).
 * `/gone` answers 404, anything else 200.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { stack } from './stack';

export interface CheckTarget {
  /** https://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

export async function startCheckTarget(): Promise<CheckTarget> {
  const { key, cert } = stack().linkCheck;
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    res.writeHead(req.url === '/gone' ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : '<!doctype html><title>Offer</title><h1>Offer page</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
