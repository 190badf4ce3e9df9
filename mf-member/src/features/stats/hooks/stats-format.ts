import type { StatsBucket, StatsInterval } from '@rotalink/shared-api';

const number = new Intl.NumberFormat();
export const formatCount = (n: number) => number.format(n);

/**
 * A bucket's label from its `local` time (the zone's wall clock with its offset), read as
 * written: "Sun 1 Nov, 01:00 (−04:00)" so the twice-lived hour of a DST change is told apart.
 */
export function bucketLabel(bucket: StatsBucket, interval: StatsInterval): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(bucket.local);
  if (!m) return bucket.local;
  const [, y, mo, d, h, mi, offset] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const dayText = day.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  if (interval === 'day') return `${dayText} ${y}`;
  return `${dayText}, ${h}:${mi} (${offset === 'Z' ? 'UTC' : offset})`;
}

/** "counted of all" as a share, for the breakdown tables. */
export function share(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)} %` : '–';
}
