// Counts what a page load moves over the network, from Chrome's own DevTools events: every
// request, and for scripts the bytes on the wire (encodedDataLength: compressed body plus
// response headers, what DevTools calls "transferred") and the decoded size.
const HASHED_CHUNK = /\.[0-9a-f]{8,}\.chunk\.js(\?|$)/;

export function collectNetwork(cdp) {
  const reqs = new Map();
  let inflight = 0;
  let lastChange = performance.now();
  const touch = () => (lastChange = performance.now());
  const on = {
    'Network.requestWillBeSent': (e) => {
      if (/^(data|blob):/.test(e.request.url)) return;
      if (!reqs.has(e.requestId)) inflight++;
      reqs.set(e.requestId, { url: e.request.url, method: e.request.method, type: e.type, encoded: 0, decoded: 0, done: false });
      touch();
    },
    'Network.responseReceived': (e) => {
      const r = reqs.get(e.requestId);
      if (!r) return;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      Object.assign(r, {
        type: e.type,
        status: e.response.status,
        headers,
        fromCache: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker),
      });
    },
    'Network.requestServedFromCache': (e) => {
      const r = reqs.get(e.requestId);
      if (r) r.fromCache = true;
    },
    'Network.dataReceived': (e) => {
      const r = reqs.get(e.requestId);
      if (r) r.decoded += e.dataLength;
    },
    'Network.loadingFinished': (e) => {
      const r = reqs.get(e.requestId);
      if (!r || r.done) return;
      r.encoded = e.encodedDataLength;
      r.done = true;
      inflight--;
      touch();
    },
    'Network.loadingFailed': (e) => {
      const r = reqs.get(e.requestId);
      if (!r || r.done) return;
      r.failed = e.errorText;
      r.done = true;
      inflight--;
      touch();
    },
  };
  for (const [ev, fn] of Object.entries(on)) cdp.on(ev, fn);
  const detach = () => {
    for (const [ev, fn] of Object.entries(on)) cdp.off(ev, fn);
  };

  return {
    /** Resolves once nothing has been in flight for `quietMs` (or after `maxMs`). */
    async quiet(quietMs, maxMs) {
      const t0 = performance.now();
      while (performance.now() - t0 < maxMs) {
        if (inflight <= 0 && performance.now() - lastChange >= quietMs) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    summary(origins = {}) {
      detach();
      return summarise([...reqs.values()], origins);
    },
  };
}

/** Pure: the figures for one load, from the recorded requests. */
export function summarise(list, origins = {}) {
  const scripts = list.filter((r) => r.type === 'Script');
  const kb = (n) => n / 1024;
  const foreign = [origins['mf-member'], origins['mf-admin']].filter(Boolean);
  return {
    requests: list.length,
    jsRequests: scripts.length,
    jsKB: kb(scripts.reduce((n, r) => n + r.encoded, 0)),
    jsDecodedKB: kb(scripts.reduce((n, r) => n + r.decoded, 0)),
    // The heaviest scripts, so a JS budget overrun names what to cut.
    largestScripts: [...scripts]
      .sort((a, b) => b.encoded - a.encoded)
      .slice(0, 6)
      .map((r) => ({ url: r.url, kb: Math.round(kb(r.encoded) * 10) / 10 })),
    failedRequests: list.filter((r) => r.failed || r.status >= 400).map((r) => `${r.status ?? r.failed} ${r.url}`),
    // Every script bigger than 1 KB should arrive gzip- or brotli-compressed.
    uncompressedScripts: scripts
      .filter((r) => !r.fromCache && r.status === 200 && r.decoded > 1024 && !r.headers?.['content-encoding'])
      .map((r) => r.url),
    // Hashed chunks never change under their name: they should be cached for good.
    uncachedChunks: scripts
      .filter((r) => HASHED_CHUNK.test(r.url) && r.headers && !/immutable/.test(r.headers['cache-control'] ?? ''))
      .map((r) => r.url),
    // DESIGN §2: a visitor on /profile downloads no member or admin page code.
    memberOrAdminRequests: list.filter((r) => foreign.some((o) => r.url.startsWith(o))).length,
  };
}
