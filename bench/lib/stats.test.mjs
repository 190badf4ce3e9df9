import { test } from 'node:test';
import assert from 'node:assert/strict';
import { median, medianOf, ratio, clsFromShifts } from './stats.mjs';

test('median of odd and even counts, ignoring missing values', () => {
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([7, null, undefined, NaN]), 7);
  assert.equal(median([]), null);
});

test('medianOf reads one field of each run and skips failed runs', () => {
  assert.equal(medianOf([{ rps: 10 }, null, { rps: 30 }, { rps: 20 }], 'rps'), 20);
});

test('ratio is null when the ceiling was not measured', () => {
  assert.equal(ratio(50, 100), 0.5);
  assert.equal(ratio(50, null), null);
  assert.equal(ratio(50, 0), null);
});

test('CLS takes the worst session window, not the sum of all shifts', () => {
  const shifts = [
    { startTime: 100, value: 0.05 },
    { startTime: 600, value: 0.05 }, // same window as the first (gap < 1 s): 0.10
    { startTime: 3000, value: 0.08 }, // new window after a 2.4 s gap: 0.08
  ];
  assert.ok(Math.abs(clsFromShifts(shifts) - 0.1) < 1e-9);
});

test('CLS ignores shifts right after user input and caps a window at 5 s', () => {
  assert.equal(clsFromShifts([{ startTime: 10, value: 0.5, hadRecentInput: true }]), 0);
  const steady = Array.from({ length: 12 }, (_, i) => ({ startTime: i * 900, value: 0.01 }));
  // Shifts every 0.9 s never leave a 1 s gap, but a window closes after 5 s: at most 6 shifts.
  assert.ok(Math.abs(clsFromShifts(steady) - 0.06) < 1e-9);
});
