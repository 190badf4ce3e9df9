import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../src/db/database';
import { startSmtpSink, type SmtpSink } from '../../src/modules/mail/smtp-sink.test-helper';
import { BROWSER_UA, openTestDb, sleep } from '../helpers';
import { acknowledged, clickLoad, httpJson, memberWithLinks, type ClickOutcome } from '../operations/http-load';
import { childDatabaseUrl } from '../operations/process-env';
import { API_IMAGE, buildImages, podman, requireTools, ROOT } from './podman';
import { containerLogs, startApiNodes, startProxy, waitFor200, type ApiNode, type Proxy } from './stack';

const CAP = 40;
const log = (line: string) => process.stdout.write(`[deploy] ${line}\n`);

/** One visitor following the rotator link through the proxy (the redirect is the answer). */
async function rotatorClick(site: string, userId: string): Promise<ClickOutcome> {
  try {
    const res = await fetch(`${site}/r/${userId}`, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER_UA },
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return { kind: 'answer', status: res.status, at: Date.now(), body: res.headers.get('location') };
  } catch (err) {
    return { kind: 'lost', at: Date.now(), error: String((err as Error).message) };
  }
}

const scrape = (node: ApiNode) => fetch(`http://127.0.0.1:${node.metricsPort}/metrics`).then((r) => r.text());
const clicksCounted = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('rotalink_clicks_total{') && l.includes('verdict="counted"'))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);

/**
 * Issue 28, "Done when": the API image built from a local base, two API containers against this
 * machine's PostgreSQL and Redis behind the proxy (deploy/Caddyfile), and each container restarted
 * in turn under continuous click load through the proxy: no failed click, every acknowledged click
 * stored, caps exact, each "link filled" mail sent once. Also: non-root image with a HEALTHCHECK,
 * /metrics moving on its own port and never through the proxy, front ends with their cache headers.
 */
describe('deployment: two API containers behind the proxy, restarted in turn under load', () => {
  const tag = randomBytes(4).toString('hex');
  let nodes: ApiNode[] = [];
  let proxy: Proxy | undefined;
  let sink: SmtpSink;
  let db: Db;
  let closeDb: () => Promise<void>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    requireTools();
    await buildImages(log);
    process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
    const opened = await openTestDb('postgres');
    db = opened.handle.db;
    closeDb = opened.handle.close;
    cleanup = opened.cleanup;
    sink = await startSmtpSink();
    nodes = await startApiNodes(tag, {
      DATABASE_URL: childDatabaseUrl(opened),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `deploy-${tag}:`,
      SMTP_URL: sink.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: 'admin-password-for-deploy',
      ALLOW_LOCAL_PAYMENTS: '1',
      PUBLIC_SITE_URL: 'http://127.0.0.1:8080',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_LOGIN_PER_MIN: '0',
      RATE_LIMIT_CLICKS_PER_MIN: '0',
      RATE_LIMIT_GLOBAL_PER_MIN: '0',
      LINK_CHECK_INTERVAL: 'off',
      OUTBOX_POLL_MS: '500',
      OUTBOX_LEASE_MS: '5000',
      SHUTDOWN_TIMEOUT_MS: '10000',
    });
    for (const n of nodes) await waitFor200(`${n.url}/readyz`, 180_000, () => containerLogs(n.name));
    proxy = await startProxy(nodes);
    await waitFor200(`${proxy.site}/docs/json`, 30_000, async () => proxy!.output().slice(-2000));
  }, 3_600_000);

  afterAll(async () => {
    await proxy?.stop();
    for (const n of nodes) await podman(['rm', '-f', '-t', '0', n.name]).catch(() => undefined);
    await sink?.close();
    await closeDb?.();
    await cleanup?.();
  }, 120_000);

  it('the image runs as a non-root user with a HEALTHCHECK on /readyz', async () => {
    const inspect = JSON.parse(await podman(['image', 'inspect', API_IMAGE]))[0];
    expect(inspect.Config.User).toBe('node');
    expect(inspect.Config.Cmd).toEqual(['node', 'dist/server.js']);
    expect(JSON.stringify(inspect.Config.Healthcheck ?? inspect.Healthcheck ?? {})).toContain('/readyz');
  });

  it('loses no click while each API container is restarted in turn', async () => {
    const site = proxy!.site;
    const rotator = await memberWithLinks(site, db, [CAP, CAP, null]);
    const page = await memberWithLinks(site, db, [null]);
    const metricsBefore = await Promise.all(nodes.map(scrape));
    let stop = false;
    const rotatorOutcomes: ClickOutcome[] = [];
    const rotatorLoad = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!stop) rotatorOutcomes.push(await rotatorClick(site, rotator.userId));
      }),
    );
    const pageLoad = clickLoad({ base: () => site, linkId: page.linkIds[0], workers: 4, until: () => stop });

    const t0 = Date.now();
    const since = (at: number) => `${((at - t0) / 1000).toFixed(1)} s`;
    await sleep(3000);
    for (const node of nodes) {
      const started = Date.now();
      await podman(['restart', '--time', '10', node.name], 120_000);
      const restarted = Date.now();
      await waitFor200(`${node.url}/readyz`, 180_000, () => containerLogs(node.name));
      log(`${node.name} restarted (${since(started)} → ${since(restarted)}) and ready at ${since(Date.now())}`);
      // The proxy's health check (every second) sees it back before the other one goes.
      await sleep(3000);
    }
    await sleep(2000);
    stop = true;
    const [pageOutcomes] = await Promise.all([pageLoad, rotatorLoad]);

    const failed = [...pageOutcomes, ...rotatorOutcomes].filter((o) => o.kind !== 'answer' || (o.status !== 200 && o.status !== 302));
    const pageAcked = acknowledged(pageOutcomes);
    const rotatorAcked = rotatorOutcomes.filter((o) => o.kind === 'answer' && o.status === 302);
    log(`clicks through the proxy: ${pageAcked.length} page, ${rotatorAcked.length} rotator, ${failed.length} failed`);
    if (failed.length > 0) {
      // When they failed and how: the window against the restarts above, and what the proxy said.
      const byStatus = new Map<string, number[]>();
      for (const o of failed) {
        const key = o.kind === 'answer' ? String(o.status) : o.kind === 'lost' ? `lost (${o.error.slice(0, 60)})` : o.kind;
        byStatus.set(key, [...(byStatus.get(key) ?? []), o.at]);
      }
      for (const [key, ats] of byStatus) log(`  ${key}: ${ats.length}, from ${since(Math.min(...ats))} to ${since(Math.max(...ats))}`);
      // The proxy's own account, on the same clock: failed health checks (per node) and its errors.
      const events = proxy!
        .output()
        .split('\n')
        .flatMap((line) => {
          try {
            const e = JSON.parse(line) as {
              ts: number;
              level: string;
              logger?: string;
              msg: string;
              host?: string;
              status_code?: number;
              request?: { method: string; uri: string };
            };
            if (e.level !== 'error' && !e.logger?.includes('health_checker')) return [];
            const what = e.host
              ? `${e.host}${e.status_code ? ` ${e.status_code}` : ''}`
              : `${e.request?.method ?? ''} ${e.request?.uri ?? ''}`;
            return [`${since(e.ts * 1000)} ${e.msg}: ${what}`];
          } catch {
            return [];
          }
        });
      log(
        `nodes: ${nodes.map((n) => `${n.name} on ${n.port}`).join(', ')}; proxy log (${events.length} lines):\n${events.slice(0, 80).join('\n')}`,
      );
    }
    expect(failed.slice(0, 5)).toEqual([]);
    const links = await db
      .selectFrom('links')
      .select(['id', 'clicks'])
      .where('id', 'in', [...rotator.linkIds, ...page.linkIds])
      .execute();
    const clicksOf = (id: string) => Number(links.find((l) => l.id === id)!.clicks);
    // Every acknowledged click stored, once.
    expect(clicksOf(page.linkIds[0])).toBe(pageAcked.length);
    expect(new Set(pageAcked.map((o) => o.clicks)).size).toBe(pageAcked.length);
    expect(rotator.linkIds.reduce((sum, id) => sum + clicksOf(id), 0)).toBe(rotatorAcked.length);
    // Caps exact.
    expect(rotatorAcked.length).toBeGreaterThan(2 * CAP);
    expect([clicksOf(rotator.linkIds[0]), clicksOf(rotator.linkIds[1])]).toEqual([CAP, CAP]);

    // One "has received its N clicks" mail per filled link, however the restarts fell.
    const filled = (m: { envelopeTo: string[]; subject: string }) =>
      m.envelopeTo[0] === rotator.email && /has received its/.test(m.subject);
    for (let i = 0; i < 120 && sink.mails.filter(filled).length < 2; i++) await sleep(500);
    await sleep(6000); // longer than a lease: a second copy would have come by now
    expect(
      sink.mails
        .filter(filled)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([`Your link "Offer 0" has received its ${CAP} clicks`, `Your link "Offer 1" has received its ${CAP} clicks`]);

    // The counters moved on each node's own metrics port; the proxy never serves /metrics.
    const metricsAfter = await Promise.all(nodes.map(scrape));
    const moved = metricsAfter.reduce((s, t) => s + clicksCounted(t), 0);
    log(
      `rotalink_clicks_total{verdict="counted"} after the restarts, both nodes: ${moved} (before: ${metricsBefore.reduce((s, t) => s + clicksCounted(t), 0)})`,
    );
    expect(metricsAfter.every((t) => clicksCounted(t) > 0)).toBe(true);
    // Through the proxy, /metrics is one of the shell's page paths (its index.html), and the API's
    // paths have none: no counter is ever readable from outside.
    for (const path of ['/metrics', '/api/metrics', '/r/metrics']) {
      const res = await fetch(`${site}${path}`, { redirect: 'manual' });
      expect(await res.text()).not.toContain('rotalink_clicks_total');
      expect(res.headers.get('content-type') ?? '').not.toContain('text/plain; version=0.0.4');
    }
  }, 900_000);

  it('serves the shell and the remotes with the cache headers of scripts/static-policy.mjs', async () => {
    const shell = await fetch(`${proxy!.site}/some/page/path`, { headers: { 'accept-encoding': 'br' } });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(await shell.text()).toMatch(/<div id="?root"?>/); // the build minifies the HTML
    const config = await httpJson<{ apiBase: string }>(proxy!.site, 'GET', '/config.json');
    expect(config.json.apiBase).toBe(proxy!.site);
    const manifest = await fetch(`${proxy!.remotes.public}/mf-manifest.json`, { headers: { origin: proxy!.site } });
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    const chunk = readdirSync(join(ROOT, 'mf-public/dist/static/js')).find((f) => /\.[0-9a-f]{8,}\.(chunk\.)?js$/.test(f));
    expect(chunk).toBeDefined();
    const hashed = await fetch(`${proxy!.remotes.public}/static/js/${chunk}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-encoding')).toBe('br');
  });
});
