// Loaded into the API process with `node --require` by the stats bench (lib/stats-bench.mjs): the
// V8 heap and the memory outside it (Buffers, ArrayBuffers), which /proc's RssAnon lumps together
// with native memory such as SQLite's page cache. Every 20 ms it keeps the peaks; on SIGUSR2 it
// appends one JSON line {heapUsed, external, arrayBuffers, peak…} (MB) to MEMPROBE_FILE and
// starts new peaks. Sampling is process.memoryUsage() only: no file I/O between signals.
'use strict';
const { appendFileSync } = require('node:fs');

const file = process.env.MEMPROBE_FILE;
if (file) {
  const mb = (n) => Math.round((n / 1048576) * 10) / 10;
  let peak = { heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], m[k]);
    return m;
  };
  setInterval(sample, 20).unref();
  process.on('SIGUSR2', () => {
    const m = sample();
    const line = { heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) };
    for (const k of Object.keys(peak)) line[`peak_${k}`] = mb(peak[k]);
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    peak = { heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
  });
}
