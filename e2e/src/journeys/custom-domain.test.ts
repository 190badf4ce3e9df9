/**
 * Issue 32 in a real browser: a member's custom domain, verified by a TXT record on a local DNS
 * server, serves their public page at `/` and their rotator at `/go` over HTTPS, through the
 * reverse proxy of deploy/caddy (Debian's Caddy, on-demand TLS from its internal CA, asking the
 * API first). Chromium reaches the custom host through its own resolver rules (no /etc/hosts) and
 * trusts only Caddy's CA keys; Node checks the same chain against Caddy's root. Also: the handle
 * address `/{handle}` on the site and `/r/{handle}` count like the id addresses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect as tlsConnect } from 'node:tls';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { addLink, BROWSER_UA, createMember, publicLinks, type Member } from '../support/api';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { startCaddy, type Caddy } from '../support/caddy';
import { startLocalDns, type LocalDns } from '../support/local-dns';
import { freePort } from '../support/net';
import { startSecondApi, type ApiNode } from '../support/second-api';
import { deployment, site, stack } from '../support/stack';

const HOST = 'links.example.net';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

let dns: LocalDns;
let api: ApiNode;
let shell: ChildProcess;
let caddy: Caddy;
let browser: Browser;

/** The shell's files served as in production behind the proxy: its config.json names the site's own host, so any other host is a custom domain. */
async function startCustomShell(apiBase: string): Promise<{ child: ChildProcess; port: number }> {
  const { root } = stack();
  const port = await freePort();
  const config = { apiBase, remotes: (await deployment()).config.remotes, siteHosts: [new URL(stack().shellUrl).host] };
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { startStaticServer } = await import(${JSON.stringify(`file://${join(root, 'scripts/static-server.mjs')}`)});
       await startStaticServer({ dir: ${JSON.stringify(join(root, 'shell/dist'))}, port: ${port}, spa: true, config: ${JSON.stringify(config)} });
       console.log('ready');`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the custom shell server exited (${code})`)));
  });
  return { child, port };
}

/** Whether Caddy hands out a certificate for `servername` that chains to its internal root (Node's own TLS check). */
function certificateFor(servername: string): Promise<{ ok: true; issuer: string } | { ok: false; error: string }> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host: '127.0.0.1', port: caddy.httpsPort, servername, ca: caddy.rootPem }, () => {
      const issuer = String(socket.getPeerCertificate().issuer?.CN ?? '');
      socket.end();
      resolve(socket.authorized ? { ok: true, issuer } : { ok: false, error: String(socket.authorizationError) });
    });
    socket.on('error', (err) => resolve({ ok: false, error: err.message }));
    socket.setTimeout(10_000, () => socket.destroy(new Error('timeout')));
  });
}

async function apiCall<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const visitorContext = (): Promise<BrowserContext> => browser.newContext({ userAgent: BROWSER_UA });

beforeAll(async () => {
  dns = await startLocalDns();
  // An API node that asks the local DNS server (the harness's asks none), on the suite's database.
  api = await startSecondApi({ DOMAIN_DNS_SERVERS: dns.server, DOMAIN_CHECK_INTERVAL: 'off' });
  const custom = await startCustomShell(api.url);
  shell = custom.child;
  caddy = await startCaddy({ root: stack().root, tmp: stack().tmp, apiPort: Number(new URL(api.url).port), shellPort: custom.port });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1:${caddy.httpsPort}, MAP offer.example.org 127.0.0.1:${caddy.httpsPort}`,
      // Trusted: Caddy's internal CA keys only (no blanket --ignore-certificate-errors).
      `--ignore-certificate-errors-spki-list=${caddy.spkiHashes.join(',')}`,
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await caddy?.stop();
  shell?.kill('SIGTERM');
  await api?.stop();
  await dns?.close();
  await disconnectBrowser();
});
afterEach(closeVisitors);

test('a verified custom domain serves the public page at / and the rotator at /go over HTTPS; unverified, a neutral 404', async () => {
  const owner: Member = await createMember('domain', { active: true, firstName: 'Dora', lastName: 'Domain' });
  const offer = await addLink(owner.token, owner.userId, {
    url: 'https://offer.example.org/first?ref=dora',
    maxClicks: 10,
    name: 'Dora offer',
  });

  const added = await apiCall<{ domain: { txt_name: string; txt_value: string; status: string } }>('PUT', '/api/domains', owner.token, {
    hostname: HOST,
  });
  expect(added.domain).toMatchObject({ txt_name: `_rotalink.${HOST}`, status: 'pending' });
  // Not verified: the proxy gets no certificate for it (the API said no).
  expect((await certificateFor(HOST)).ok).toBe(false);

  dns.txt.set(`_rotalink.${HOST}`, [added.domain.txt_value]);
  const verified = await apiCall<{ message: string; domain: { status: string } }>('POST', '/api/domains/verify', owner.token, {});
  expect(verified).toMatchObject({ message: 'Domain verified.', domain: { status: 'verified' } });
  const cert = await certificateFor(HOST);
  expect(cert).toEqual({ ok: true, issuer: expect.stringContaining('Caddy Local Authority') });
  expect((await certificateFor('someone-else.example.net')).ok).toBe(false);

  // The public page at https://links.example.net/: the member's queue, none of the site's navbar.
  const context = await visitorContext();
  const page = await context.newPage();
  await page.goto(`https://${HOST}/`);
  const head = page.getByRole('button', { name: `Open ${offer.name}` });
  await head.waitFor();
  await page.getByText('Dora').first().waitFor();
  expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
  const tab = context.waitForEvent('page');
  await head.click();
  const opened = await tab;
  await opened.waitForURL(offer.link);
  await opened.getByRole('heading', { name: 'Offer page' }).waitFor();
  expect((await publicLinks(owner.userId)).pending.map((l) => l.clicks)).toEqual([1]);

  // The rotator at /go (and /r): the proxy hands it to the API, which counts the click and redirects.
  for (const path of ['/go', '/r']) {
    const visitor = await visitorContext();
    const p = await visitor.newPage();
    const response = await p.goto(`https://${HOST}${path}`);
    await p.getByRole('heading', { name: 'Offer page' }).waitFor();
    expect(p.url()).toBe(offer.link);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(302);
    await visitor.close();
  }
  expect((await publicLinks(owner.userId)).pending.map((l) => l.clicks)).toEqual([3]);

  // The TXT record disappears: the next check unverifies it; the host shows a neutral page.
  dns.txt.delete(`_rotalink.${HOST}`);
  expect((await apiCall<{ domain: { status: string } }>('POST', '/api/domains/verify', owner.token, {})).domain.status).toBe('pending');
  const later = await visitorContext();
  const gone = await later.newPage();
  await gone.goto(`https://${HOST}/`);
  await gone.getByRole('heading', { name: 'Page not found' }).waitFor();
  expect(await gone.getByText('Dora').count()).toBe(0);
  const goneRotator = await gone.goto(`https://${HOST}/go`);
  expect(goneRotator?.status()).toBe(404);
  expect(await gone.content()).not.toMatch(/rotalink/i);
  await later.close();
  await context.close();
  expect((await publicLinks(owner.userId)).pending.map((l) => l.clicks)).toEqual([3]);
});

test('the handle address on the site shows the page and /{handle}/go is the rotator, counted like the id', async () => {
  const owner = await createMember('handle', { active: true, firstName: 'Hana' });
  const offer = await addLink(owner.token, owner.userId, { url: 'https://offer.example.org/hana', maxClicks: 10, name: 'Hana offer' });
  const handle = `hana-${Date.now().toString(36)}`;
  await apiCall('PUT', '/api/handles', owner.token, { user_id: owner.userId, handle });

  const { page, context } = await newVisitor();
  await page.goto(site(`/${handle.toUpperCase()}`));
  await page.getByRole('button', { name: `Open ${offer.name}` }).waitFor();
  await page.getByText('Hana').first().waitFor();
  await context.close();

  // /{handle}/go on the site → the API's /r/{handle} → the offer (served by the proxy's offer site).
  const visitor = await visitorContext();
  const p = await visitor.newPage();
  await p.goto(site(`/${handle}/go`));
  await p.getByRole('heading', { name: 'Offer page' }).waitFor();
  expect(p.url()).toBe(offer.link);
  await visitor.close();
  expect((await publicLinks(owner.userId)).pending.map((l) => l.clicks)).toEqual([1]);
});
