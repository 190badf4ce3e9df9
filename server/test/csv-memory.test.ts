import { bearer, engines, useTestApp, type Member } from './helpers';
import { listenLocally, memberWithClicks, peakGrowth, runElsewhere } from './memory-fixture';

const EVENTS = 1_000_000;
const LIMIT_MB = 50;

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
  return runElsewhere(['--input-type=module', '-e', client, url, token]);
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
    m = await memberWithClicks(t, 'https://offer.example.com/ref?a=1', EVENTS);
    base = await listenLocally(t);
  }, 600_000);

  it('streams every row while the API grows by less than 50 MB', async () => {
    const url = `${base}/api/stats/clicks.csv?user_id=${m.userId}&from=2026-05-31T00:00:00Z&to=2026-07-01T00:00:00Z`;
    // A first, small download warms every code path, so only the rows can make memory grow.
    const warm = await fetch(url.replace('to=2026-07-01', 'to=2026-06-01T01'), { headers: bearer(m.token) });
    await warm.text();
    const { result: download, growth } = await peakGrowth(() => downloadElsewhere(url, m.token));
    expect(download.status).toBe(200);
    expect(download.disposition).toMatch(/^attachment; filename="rotalink-clicks-/);
    const lines = download.lines;
    expect(lines).toBe(EVENTS + 1); // the header and one line per event
    console.log(`CSV of ${EVENTS} events (${engine}): RSS +${growth.rss.toFixed(1)} MB, heap +${growth.heap.toFixed(1)} MB`);
    expect(growth.rss).toBeLessThan(LIMIT_MB);
  }, 600_000);
});
