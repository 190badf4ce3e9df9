import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { activate, addLink, bearer, engines, signupMember, useTestApp, type Member } from './helpers';
import { insertManyClicks } from './bulk-clicks';

// As the API runs in production (server.ts, decision 0073).
setFlagsFromString('--no-allocation-site-pretenuring');

const EVENTS = 1_000_000;
const LIMIT_MB = 50;
const MB = 1024 * 1024;

/**
 * The download, by a client in a process of its own (as a browser would be), so that only the
 * API's memory is in this process: it counts the lines as they arrive and keeps none.
 */
function downloadElsewhere(url: string, token: string): Promise<{ status: number; disposition: string | null; lines: number }> {
  const client = `
    const res = await fetch(process.argv[1], { headers: { authorization: 'Bearer ' + process.argv[2], 'accept-encoding': 'identity' } });
    let lines = 0;
    for await (const chunk of res.body) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    console.log(JSON.stringify({ status: res.status, disposition: res.headers.get('content-disposition'), lines }));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', client, url, token], { maxBuffer: MB }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout)),
    );
  });
}

/**
 * Issue 15: the clicks CSV of a million events streams in constant memory — the API's memory grows
 * by less than 50 MB however many rows go out (the page cache of the reads included: the export
 * reads through its own connection, decision 0073). The API runs in this process, so its memory is
 * this process's, sampled every 20 ms while a real HTTP client reads the answer off a socket.
 */
describe.each(engines)('a CSV of 1,000,000 click events (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  let base: string;

  beforeAll(async () => {
    m = await signupMember(t.app);
    await activate(t.db, m.userId);
    const link = await addLink(t.app, m, { link: 'https://offer.example.com/ref?a=1', max_clicks: null });
    const start = Date.parse('2026-06-01T00:00:00Z');
    await insertManyClicks(t.db, { userId: m.userId, linkId: link.id, count: EVENTS, start });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 600_000);

  it('streams every row while the API grows by less than 50 MB', async () => {
    const url = `${base}/api/stats/clicks.csv?user_id=${m.userId}&from=2026-05-31T00:00:00Z&to=2026-07-01T00:00:00Z`;
    // A first, small download warms every code path, so only the rows can make memory grow.
    const warm = await fetch(url.replace('to=2026-07-01', 'to=2026-06-01T01'), { headers: bearer(m.token) });
    await warm.text();
    const before = process.memoryUsage();
    let peak = { rss: before.rss, heap: before.heapUsed };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) };
    }, 20);
    let download: { status: number; disposition: string | null; lines: number };
    try {
      download = await downloadElsewhere(url, m.token);
    } finally {
      clearInterval(sampler);
    }
    expect(download.status).toBe(200);
    expect(download.disposition).toMatch(/^attachment; filename="rotalink-clicks-/);
    const lines = download.lines;
    expect(lines).toBe(EVENTS + 1); // the header and one line per event
    const growth = { rss: (peak.rss - before.rss) / MB, heap: (peak.heap - before.heapUsed) / MB };
    console.log(`CSV of ${EVENTS} events (${engine}): RSS +${growth.rss.toFixed(1)} MB, heap +${growth.heap.toFixed(1)} MB`);
    expect(growth.rss).toBeLessThan(LIMIT_MB);
  }, 600_000);
});
