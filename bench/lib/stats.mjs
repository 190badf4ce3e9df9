// Small, pure statistics helpers. Every figure in the report is the median of several runs
// (issue 7: "medians of several runs"), so one noisy run on a shared 2-core box cannot move it.

/** Median of the finite numbers in `values`; null when there are none. */
export function median(values) {
  const xs = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

/** Median of one field across run objects, e.g. medianOf(runs, 'p99'). */
export function medianOf(runs, field) {
  return median(runs.map((r) => (r ? r[field] : undefined)));
}

/** Ratio a/b, or null when either side is missing. */
export function ratio(a, b) {
  if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return a / b;
}

/**
 * Cumulative Layout Shift as Chrome reports it (web.dev/cls): shifts without recent input are
 * grouped into session windows (gap < 1 s, window ≤ 5 s); CLS is the largest window's sum.
 * @param {{startTime:number, value:number, hadRecentInput?:boolean}[]} shifts
 */
export function clsFromShifts(shifts) {
  let best = 0;
  let windowSum = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const s of [...shifts].filter((x) => !x.hadRecentInput).sort((a, b) => a.startTime - b.startTime)) {
    if (s.startTime - last >= 1000 || s.startTime - windowStart >= 5000) {
      windowStart = s.startTime;
      windowSum = 0;
    }
    windowSum += s.value;
    last = s.startTime;
    best = Math.max(best, windowSum);
  }
  return best;
}
