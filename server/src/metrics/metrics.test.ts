import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { activate, addLink, browser, engines, signupMember, useTestApp } from '../../test/helpers';
import { startMetricsServer } from './metrics-server';

/** The names docs/deploy.md and deploy/grafana-dashboard.json rely on (issue 28). */
const NAMES = [
  'rotalink_http_request_duration_seconds',
  'rotalink_clicks_total',
  'rotalink_group_commit_batch_size',
  'rotalink_group_commit_duration_seconds',
  'rotalink_db_pool_waits_total',
  'rotalink_db_pool_wait_seconds_total',
  'rotalink_db_pool_connections',
  'rotalink_public_cache_lookups_total',
  'rotalink_rate_limit_fallbacks_total',
  'rotalink_outbox_backlog',
  'rotalink_outbox_oldest_age_seconds',
  'rotalink_job_last_success_timestamp_seconds',
  'rotalink_job_last_run_failed',
  'rotalink_process_cpu_seconds_total',
  'rotalink_nodejs_eventloop_lag_p99_seconds',
];

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe.each(engines)('/metrics (%s)', (engine) => {
  const t = useTestApp(engine, { METRICS_PORT: '0' });

  it('names every metric of the deploy guide, and the counters move with clicks, reads and mail', async () => {
    const scrape = () => t.app.metrics!.registry.metrics();
    const member = await signupMember(t.app);
    await activate(t.db, member.userId);
    const link = await addLink(t.app, member, { link: 'https://metrics.example.com/', max_clicks: 1 });
    await addLink(t.app, member, { link: 'https://next.example.com/', max_clicks: null });
    const before = await scrape();
    for (const name of NAMES) expect({ name, found: before.includes(`# TYPE ${name} `) }).toEqual({ name, found: true });

    const page = await t.app.inject({
      method: 'POST',
      url: '/api/public/increment-clicks',
      headers: browser(),
      payload: { link_id: link.id },
    });
    expect(page.statusCode).toBe(200);
    const bot = await t.app.inject({ method: 'GET', url: `/r/${member.userId}`, headers: { 'user-agent': 'curl/8.0' } });
    expect(bot.statusCode).toBeLessThan(400);
    for (let i = 0; i < 2; i++)
      await t.app.inject({ method: 'GET', url: `/api/public/userliks?user_id=${member.userId}`, headers: browser() });
    await t.app.outbox.settled();
    const after = await scrape();

    expect(sample(after, 'rotalink_clicks_total', { verdict: 'counted', source: 'page' })).toBe(1);
    expect(sample(after, 'rotalink_clicks_total', { verdict: 'bot', source: 'rotator' })).toBe(1);
    // Route patterns, not raw URLs: one series per route.
    expect(sample(after, 'rotalink_http_request_duration_seconds_count', { route: '/r/:userId', status: String(bot.statusCode) })).toBe(1);
    expect(after).not.toContain(member.userId);
    expect(sample(after, 'rotalink_group_commit_batch_size_count')).toBeGreaterThan(
      sample(before, 'rotalink_group_commit_batch_size_count'),
    );
    expect(sample(after, 'rotalink_group_commit_duration_seconds_count', { result: 'ok' })).toBeGreaterThan(0);
    // The second read of the same page comes from the cache.
    expect(sample(after, 'rotalink_public_cache_lookups_total', { result: 'hit' })).toBeGreaterThan(
      sample(before, 'rotalink_public_cache_lookups_total', { result: 'hit' }),
    );
    if (engine === 'postgres') expect(sample(after, 'rotalink_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('has every metric the Grafana dashboard draws', async () => {
    const dashboard = readFileSync(join(__dirname, '../../../deploy/grafana-dashboard.json'), 'utf8');
    const drawn = new Set([...dashboard.matchAll(/rotalink_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, '')));
    const text = await t.app.metrics!.registry.metrics();
    const missing = [...drawn].filter((name) => !text.includes(`# TYPE ${name} `));
    expect({ drawn: drawn.size > 10, missing }).toEqual({ drawn: true, missing: [] });
  });

  it('is served on its own listener only, never by the API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const { server, url } = await startMetricsServer(t.app.metrics!, '127.0.0.1', 0);
    try {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain('# TYPE rotalink_clicks_total counter');
      expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
    } finally {
      server.close();
    }
  });
});

describe('metrics off by default', () => {
  const t = useTestApp('sqlite');
  it('counts nothing and serves nothing without METRICS_PORT', () => {
    expect(t.config.metrics).toBeUndefined();
    expect(t.app.metrics).toBeUndefined();
  });
});
