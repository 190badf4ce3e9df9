/**
 * Member links point at `https://*.example.com`; this machine has no network. For a journey where
 * the BROWSER itself must follow a server's redirect to such a link (the rotator link), routing is
 * not enough: Playwright routes only the first URL of a redirect chain. So this serves the offer
 * pages for real: a local HTTPS server (a throw-away self-signed certificate made with openssl)
 * and a Chromium whose resolver maps every `*.example.com` to it, certificate errors ignored.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface OfferSites {
  browser: Browser;
  /** Every request the offer sites answered, as `https://host/path?query`. */
  seen: string[];
  close(): Promise<void>;
}

/**
 * `onRequest` (issue 30): the offer's own server work before it answers — a stub network fires its
 * postback when its landing page is loaded with a click id.
 */
export async function startOfferSites(onRequest?: (url: URL) => Promise<void>): Promise<OfferSites> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-offers-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=example.com',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const seen: string[] = [];
  const server: Server = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (req, res) => {
      const url = `https://${req.headers.host}${req.url}`;
      seen.push(url);
      const answer = () => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Offer</title><h1>Offer page</h1><p>${req.headers.host}</p>`);
      };
      if (!onRequest) return answer();
      onRequest(new URL(url)).then(answer, (err: unknown) => {
        res.writeHead(500).end(String(err));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...FLAGS, `--host-resolver-rules=MAP *.example.com 127.0.0.1:${port}`, '--ignore-certificate-errors'],
  });
  return {
    browser,
    seen,
    close: async () => {
      await browser.close().catch(() => undefined);
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
