import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from './report.mjs';

const machine = {
  date: '2026-01-01T00:00:00Z',
  cpu: 'CPU X',
  cores: 2,
  memoryGiB: 8,
  node: 'v20',
  os: 'Linux',
  chromium: 'Chromium 1',
  postgres: '15',
  commit: 'abc',
  loadAverageAtStart: [0.1, 0.2, 0.3],
  loadAverageAtEnd: [0.4, 0.5, 0.6],
};
const settings = { runs: 3, duration: 5, connections: 50 };

test('names the machine and says plainly which targets are met and which are not', () => {
  const md = renderMarkdown({
    machine,
    settings,
    api: {
      rows: [
        { label: 'ceiling: bare Fastify GET', engine: '-', rps: 10000, p50: 1, p99: 5 },
        {
          label: 'GET /api/public/userliks',
          engine: 'sqlite',
          rps: 8000,
          p50: 2,
          p99: 6,
          cpuUsPerReq: 61.4,
          ratio: 0.8,
          target: '≥ 70 % of GET ceiling',
          met: true,
          non2xx: 0,
          errors: 0,
        },
        {
          label: 'POST /api/public/increment-clicks',
          engine: 'postgres',
          rps: 1000,
          p50: 9,
          p99: 40,
          ratio: 0.1,
          target: '≥ 50 %',
          met: false,
          targetIsReference: true,
          non2xx: 0,
          errors: 0,
        },
      ],
      correctness: [{ check: 'final clicks == acknowledged', expected: 5, observed: 4, ok: false }],
    },
    page: { error: 'front ends not built: shell' },
    startup: { runsMs: [900, 500, 400], medianMs: 500 },
    wallSeconds: 200,
  });
  assert.match(md, /CPU X, 2 cores, 8 GiB RAM; Node v20; Linux/);
  assert.match(md, /\| GET \/api\/public\/userliks \| sqlite \| 8,000 \| 2 \| 6 \| 61 \| 80 % \| .* \| \*\*met\*\* \|/);
  assert.match(md, /increment-clicks \| postgres .*\*\*NOT met\*\* \(reference\)/);
  assert.match(md, /\| 5 \| 4 \| \*\*FAILED\*\* \|/);
  assert.match(md, /\*\*Visitor page: NOT MEASURED — front ends not built: shell\*\*/);
  assert.match(md, /\| 500 \| 900, 500, 400 \(first run on an empty database: 900\) \|/);
});

test('a row whose engine could not start is shown as NOT MEASURED, not as zero', () => {
  const md = renderMarkdown({
    machine,
    settings,
    api: {
      rows: [{ label: 'GET /api/public/userliks', engine: 'postgres', error: 'NOT MEASURED: postgres API could not start — ECONNREFUSED' }],
      correctness: [],
    },
    page: { error: 'skipped (--only)' },
    startup: { error: 'skipped (--only)' },
    wallSeconds: 1,
  });
  assert.match(
    md,
    /\| GET \/api\/public\/userliks \| postgres \| \*\*NOT MEASURED: postgres API could not start — ECONNREFUSED\*\* \|.*\*\*NOT MEASURED\*\* \|/,
  );
  assert.doesNotMatch(md, /\| 0 \|/);
});

test("lists the member pages' own files under the visitor page (issue 15), or says why they were not measured", () => {
  const memberPages = {
    rows: [
      { label: 'Stats page', files: 3, raw: 72_000, gzip: 30_720, lazy: null },
      { label: 'Dashboard', files: 1, raw: 18_432, gzip: 6_144, lazy: { files: 1, raw: 24_000, gzip: 9_216 } },
    ],
  };
  const md = renderMarkdown({
    machine,
    settings,
    api: { error: 'skipped' },
    page: { error: 'no Chromium', memberPages },
    startup: { error: 'skipped' },
  });
  assert.match(md, /\| Stats page \| 3 \| 70\.3 \| 30\.0 \| – \|/);
  assert.match(md, /\| Dashboard \| 1 \| 18\.0 \| 6\.0 \| 1 file\(s\), 9\.0 KB gzip \|/);
  const unbuilt = renderMarkdown({
    machine,
    settings,
    api: { error: 'x' },
    page: { error: 'x', memberPages: { error: 'mf-member is not built' } },
    startup: { error: 'x' },
  });
  assert.match(unbuilt, /Member page chunks: NOT MEASURED — mf-member is not built/);
});
