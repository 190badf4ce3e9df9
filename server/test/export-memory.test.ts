import { engines, useTestApp, type Member } from './helpers';
import { listenLocally, MB, memberWithClicks, peakGrowth, runElsewhere } from './memory-fixture';

const EVENTS = 1_000_000;
const LIMIT_MB = 50;

interface Download {
  status: number;
  type: string | null;
  disposition: string | null;
  bytes: number;
  files: Record<string, number>;
}

/**
 * The download, by a client in a process of its own (as a browser would be), so only the API's
 * memory is in this process: it unzips while the bytes arrive (fflate's streaming Unzip) and
 * counts each file's lines, keeping none.
 */
function downloadElsewhere(url: string, token: string): Promise<Download> {
  const client = `
    const { Unzip, UnzipInflate } = require('fflate');
    (async () => {
      const res = await fetch(process.argv[1], { headers: { authorization: 'Bearer ' + process.argv[2] } });
      const files = {};
      const unzip = new Unzip((file) => {
        files[file.name] = 0;
        file.ondata = (err, data) => {
          if (err) throw err;
          for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) files[file.name]++;
        };
        file.start();
      });
      unzip.register(UnzipInflate);
      let bytes = 0;
      for await (const chunk of res.body) { bytes += chunk.length; unzip.push(chunk); }
      unzip.push(new Uint8Array(0), true);
      console.log(JSON.stringify({ status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes, files }));
    })().catch((e) => { console.error(e); process.exit(1); });`;
  return runElsewhere(['-e', client, url, token]);
}

/**
 * Issue 33: a member's export of 1,000,000 click events streams in constant memory — the API grows
 * by less than 50 MB (RSS, sampled every 20 ms) while a real HTTP client reads and unzips the
 * answer off a socket; click-events.csv holds every event.
 */
describe.each(engines)('the account export of many click events (%s)', (engine) => {
  const t = useTestApp(engine);
  let m: Member;
  /** A member with a few events: its export warms every code path (the zip, the pages) first. */
  let small: Member;
  let base: string;

  beforeAll(async () => {
    m = await memberWithClicks(t, 'https://offer.example.com/ref?a=1', EVENTS);
    small = await memberWithClicks(t, 'https://offer.example.com/small', 500);
    base = await listenLocally(t);
  }, 600_000);

  it(`streams every event while the API grows by less than ${LIMIT_MB} MB`, async () => {
    const url = `${base}/api/account/export`;
    // A first, small download warms every code path, so only the rows can make memory grow.
    const warm = await downloadElsewhere(url, small.token);
    expect(warm.files['click-events.csv']).toBe(500 + 1);
    const started = Date.now();
    const { result: download, growth } = await peakGrowth(() => downloadElsewhere(url, m.token));
    const seconds = (Date.now() - started) / 1000;
    expect(download.status).toBe(200);
    expect(download.type).toBe('application/zip');
    expect(download.disposition).toMatch(/^attachment; filename="rotalink-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(download.files['click-events.csv']).toBe(EVENTS + 1); // the header and one line per event
    expect(Object.keys(download.files)).toEqual(
      expect.arrayContaining(['README.txt', 'profile.json', 'sub-profiles.json', 'links.csv', 'payments.csv', 'conversions.csv']),
    );
    console.log(
      `Export of ${EVENTS} events (${engine}): ${(download.bytes / MB).toFixed(1)} MB zip in ${seconds.toFixed(1)} s, ` +
        `RSS +${growth.rss.toFixed(1)} MB, heap +${growth.heap.toFixed(1)} MB`,
    );
    expect(growth.rss).toBeLessThan(LIMIT_MB);
  }, 600_000);
});
