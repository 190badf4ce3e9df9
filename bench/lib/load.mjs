// Runs one autocannon measurement in a separate process (see load-worker.mjs) and returns its
// summary. On 2 cores the load generator and the server under test share the machine; the
// ceiling is measured the same way, so the ratio to the ceiling cancels that cost out.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { track, isShuttingDown } from './procs.mjs';

export const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const worker = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));

/**
 * @param {object} o
 * @param {string|string[]} o.url      one or more targets (connections are spread over them)
 * @param {'GET'|'POST'} [o.method]
 * @param {object} [o.body]            JSON body for POST
 * @param {number} [o.connections]
 * @param {number} [o.duration]        seconds (reads), or
 * @param {number} [o.amount]          an exact number of requests (clicks: every response is
 *                                     awaited, so "acknowledged" is exact — a timed run cuts
 *                                     off requests in flight that the server may have applied)
 * @param {boolean} [o.okRedirects]    a 3xx is the intended answer (the rotator link), not a 2xx
 * @param {object} [o.headers]         more request headers (e.g. a member's Authorization)
 * @param {number} [o.overallRate]     requests per second across all connections (default: as fast as
 *                                     the server answers)
 * @param {boolean} [o.uniqueIds]      each `[<id>]` in the body becomes a fresh id per request (a
 *                                     postback's own txid; load-worker.mjs)
 */
export function runLoad({
  url,
  method = 'GET',
  body,
  connections = 50,
  duration,
  amount,
  okRedirects = false,
  headers = {},
  uniqueIds = false,
  overallRate,
}) {
  const opts = {
    url,
    method,
    connections,
    pipelining: 1,
    timeout: 10,
    okRedirects,
    ...(uniqueIds ? { uniqueIds: true } : {}),
    ...(overallRate ? { overallRate } : {}),
    ...(amount ? { amount } : { duration }),
    // Every request comes from a person's browser: the API does not count a bot's click (issue 14),
    // and autocannon's own User-Agent is one.
    headers: { 'user-agent': BROWSER_UA, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  };
  if (isShuttingDown()) return Promise.reject(new Error('the bench is stopping'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [worker, JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'pipe'] });
    track(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator failed (${code}): ${err.trim().slice(-500)}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`load generator printed no result: ${out.slice(-300)} ${err.slice(-300)}`));
      }
    });
  });
}
