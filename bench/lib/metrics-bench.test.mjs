import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMetrics, sumOf } from './metrics-bench.mjs';

const TEXT = `# HELP rotalink_clicks_total Clicks by verdict.
# TYPE rotalink_clicks_total counter
rotalink_clicks_total{source="page",verdict="counted"} 40
rotalink_clicks_total{source="rotator",verdict="counted"} 2
rotalink_clicks_total{source="page",verdict="bot"} 7
rotalink_clicks_total_extra 99
rotalink_process_cpu_seconds_total 1.5
`;

test('sums the samples of one metric whose labels match, and no other metric sharing its prefix', () => {
  assert.equal(sumOf(TEXT, 'rotalink_clicks_total', ['verdict="counted"']), 42);
  assert.equal(sumOf(TEXT, 'rotalink_clicks_total'), 49);
  assert.equal(sumOf(TEXT, 'rotalink_process_cpu_seconds_total'), 1.5);
  assert.equal(sumOf(TEXT, 'rotalink_missing'), 0);
});

test('the report says when the clicks counter did not move by the acknowledged clicks', () => {
  const moves = [{ label: 'clicks', before: 0, after: 9 }];
  assert.match(renderMetrics({ acknowledged: 10, moves, check: { observed: 9, ok: false } }), /\*\*NOT equal\*\*/);
  assert.match(renderMetrics({ error: 'no port' }), /Not measured: no port/);
});
