// The load generator, run as its own process so that autocannon's CPU use is visible to the OS
// scheduler as a separate process rather than hidden inside the bench's event loop.
// Input: one JSON argument (autocannon options). Output: one JSON line on stdout.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

const AMOUNT_SAMPLE_MS = 50;
const { okRedirects, uniqueIds, ...opts } = JSON.parse(process.argv[2]);
if (uniqueIds) {
  // Each request's own id in place of `[<id>]` in the body (a postback's txid). autocannon's
  // idReplacement would do it, but with version 8 no request completes at all (seen here).
  const run = randomBytes(4).toString('hex');
  let n = 0;
  const template = opts.body;
  delete opts.body;
  opts.requests = [{ setupRequest: (req) => ({ ...req, body: template.replaceAll('[<id>]', `${run}-${n++}`) }) }];
}
// A run of `amount` requests ends at autocannon's next sample tick after the last answer, and
// its duration with it: at the default 1 s, 30,000 clicks answered in 4.1 s counted as 5.0 s, so
// req/s read up to a fifth low, whatever the server did. Ticks every 50 ms bound that to 50 ms.
// (We read no per-sample figure: rps below is completed over the duration.)
if (opts.amount) opts.sampleInt = AMOUNT_SAMPLE_MS;
const result = await autocannon({ ...opts, renderProgressBar: false, renderResultsTable: false });
const completed = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
process.stdout.write(
  JSON.stringify({
    // Completed responses over wall time: exact, unlike the mean of per-second samples.
    rps: completed / result.duration,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    completed,
    // The answers that did what was asked: 2xx, or 3xx for a redirect (the rotator link).
    ok2xx: okRedirects ? result['3xx'] : result['2xx'],
    status: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    duration: result.duration,
  }) + '\n',
);
