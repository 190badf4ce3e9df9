import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderScale } from './scale-report.mjs';

const timing = (p50, p99, extra = {}) => ({ p50, p99, cpuMs: 1.5, total: 100, bytes: 2048, ...extra });
const engine = (over = {}) => ({
  engine: 'sqlite',
  seeded: { members: 100000, links: 500000, ms: 20000 },
  firstPage: timing(2, 9),
  search: timing(3, 12),
  broadSearch: timing(40, 60, { total: 100000 }),
  unpaged: timing(10, 30),
  rssStart: { rss: 120, anon: 80, file: 40 },
  rssAfter: { rss: 150, anon: 90, file: 60 },
  alone: { p50: 1, p99: 5, rps: 5000 },
  withAdmin: { p50: 2, p99: 12, rps: 4000 },
  adminPages: 300,
  ...over,
});

test('each target row says met or NOT met from its own figure', () => {
  const md = renderScale({
    engines: [engine(), engine({ engine: 'postgres', firstPage: timing(50, 151), rssAfter: { rss: 250, anon: 200, file: 50 } })],
  });
  assert.match(md, /\| sqlite \| admin first page \(50 rows \+ total\) \| 2\.0 \/ 9\.0 ms, 1\.5 ms CPU \| p99 ≤ 150 ms \| \*\*met\*\* \|/);
  assert.match(
    md,
    /\| postgres \| admin first page \(50 rows \+ total\) \| 50\.0 \/ 151\.0 ms, 1\.5 ms CPU \| p99 ≤ 150 ms \| \*\*NOT met\*\* \|/,
  );
  assert.match(
    md,
    /\| postgres \| API RSS after 20 admin page loads .*\| 250 MB \(200 anonymous, 50 file-backed\) \| ≤ 200 MB \| \*\*NOT met\*\* \|/,
  );
  assert.match(
    md,
    /\| sqlite \| visitor publicProfile while one admin pages through the list \(300 pages\) \| 2\.0 \/ 12\.0 ms, 4,000 req\/s \| p99 ≤ 20 ms \| \*\*met\*\* \|/,
  );
  assert.match(md, /sqlite 20 s/);
});

test('an engine that could not run, or a part that did not, is said so loudly', () => {
  assert.match(
    renderScale({ engines: [{ engine: 'postgres', error: 'connect ECONNREFUSED' }] }),
    /\| postgres \| NOT MEASURED: connect ECONNREFUSED \|/,
  );
  assert.match(renderScale({ error: 'skipped (--only)' }), /NOT MEASURED: skipped \(--only\)/);
});
