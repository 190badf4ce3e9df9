import type { StatsInterval } from '@rotalink/shared-api';
import { MAX_HOURLY_RANGE_DAYS, MAX_STATS_RANGE_DAYS } from '@rotalink/shared-api/live';

export type Preset = '24h' | '7d' | '30d' | 'custom';
export const PRESETS: readonly { id: Preset; label: string }[] = [
  { id: '24h', label: '24 hours' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: 'custom', label: 'Custom' },
];

/** What one view of the Stats page asks the server: an instant range, its bucket size and zone. */
export interface StatsRange {
  from: string;
  to: string;
  interval: StatsInterval;
  /** The browser's IANA zone, so "a day" is the member's day (issue 15). */
  tz: string;
}

/** A custom range as the two date fields hold it (YYYY-MM-DD, both days included). */
export interface CustomDays {
  start: string;
  end: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Up to this many days a custom range is drawn by the hour; longer ones by the day. */
const HOURLY_UP_TO_DAYS = 3;

export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The start of the next whole hour: the live edge of a rolling range stays one URL for an hour (ETags answer 304 meanwhile). */
function nextHour(now: Date): Date {
  const d = new Date(now);
  d.setMinutes(0, 0, 0);
  return new Date(d.getTime() + HOUR);
}

/** Local midnight of a YYYY-MM-DD day (in the browser's zone, whatever its DST). */
function localMidnight(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) || d.getDate() !== Number(m[3]) ? null : d;
}

/** The local day after `d` (setDate keeps local midnight across a DST change, unlike adding 24 h). */
function dayAfter(d: Date): Date {
  const next = new Date(d);
  next.setDate(next.getDate() + 1);
  return next;
}

/** YYYY-MM-DD of an instant in the browser's zone (what a date field shows). */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The range of a preset at `now`: the last 24 hours and 7 days by the hour, up to the end of
 * the current hour; the last 30 days by the day, today included.
 */
export function presetRange(preset: Exclude<Preset, 'custom'>, now: Date, tz = browserZone()): StatsRange {
  if (preset === '30d') {
    const today = localMidnight(localDay(now))!;
    const start = new Date(today);
    start.setDate(start.getDate() - 29);
    return { from: start.toISOString(), to: dayAfter(today).toISOString(), interval: 'day', tz };
  }
  const to = nextHour(now);
  const span = preset === '24h' ? DAY : 7 * DAY;
  return { from: new Date(to.getTime() - span).toISOString(), to: to.toISOString(), interval: 'hour', tz };
}

/** A custom range (both days included) or the reason it cannot be asked for. */
export const START_AFTER_TODAY = 'The start day must not be after today.';

export function customRange(days: CustomDays, tz = browserZone(), now = new Date()): { range: StatsRange } | { error: string } {
  const start = localMidnight(days.start);
  const endDay = localMidnight(days.end);
  if (!start || !endDay) return { error: 'Choose a start and an end day.' };
  // A typed day skips the field's max: a range of days to come can only count nothing.
  if (start > localMidnight(localDay(now))!) return { error: START_AFTER_TODAY };
  if (endDay < start) return { error: 'The end day must not be before the start day.' };
  const end = dayAfter(endDay);
  const spanDays = Math.round((end.getTime() - start.getTime()) / DAY);
  if (spanDays > MAX_STATS_RANGE_DAYS) return { error: `Choose at most ${MAX_STATS_RANGE_DAYS} days.` };
  const interval: StatsInterval = spanDays <= Math.min(HOURLY_UP_TO_DAYS, MAX_HOURLY_RANGE_DAYS) ? 'hour' : 'day';
  return { range: { from: start.toISOString(), to: end.toISOString(), interval, tz } };
}
