import { DateTime } from 'luxon';
import { bucketsOf } from './stats-range';

/** The hourly buckets as luxon alone computes them (what bucketsOf did before its fast path). */
function luxonHours(from: number, to: number, zone: string) {
  const out: Array<{ start: number; local: string }> = [];
  let at = DateTime.fromMillis(from, { zone }).startOf('hour');
  for (; at.toMillis() < to; at = at.plus({ hours: 1 }))
    out.push({ start: at.toMillis(), local: at.toISO({ suppressMilliseconds: true }) ?? '' });
  return { buckets: out, end: at.toMillis() };
}

describe('hourly buckets', () => {
  it.each([
    ['America/New_York', '2026-10-30T00:00:00Z', '2026-11-03T00:00:00Z'], // 1 a.m. twice on 1 November
    ['Europe/Berlin', '2026-03-27T00:00:00Z', '2026-03-31T00:00:00Z'], // 2 a.m. skipped
    ['Asia/Kolkata', '2026-10-24T00:07:00Z', '2026-10-27T00:00:00Z'], // +5:30
    ['Asia/Kathmandu', '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z'], // +5:45
    ['Australia/Lord_Howe', '2026-10-02T00:00:00Z', '2026-10-06T00:00:00Z'], // a 30-minute DST change
    ['Pacific/Chatham', '2026-09-25T00:00:00Z', '2026-09-29T00:00:00Z'], // +12:45 → +13:45
    ['UTC', '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z'],
  ])('are the same as luxon’s in %s', (zone, from, to) => {
    const r = { from: Date.parse(from), to: Date.parse(to) };
    const fast = bucketsOf(r, 'hour', zone);
    expect(fast).toEqual(luxonHours(r.from, r.to, zone));
    expect(fast.buckets.length).toBeGreaterThan(40);
  });

  it('label the repeated hour with both offsets', () => {
    const { buckets } = bucketsOf(
      { from: Date.parse('2026-11-01T04:00:00Z'), to: Date.parse('2026-11-01T07:00:00Z') },
      'hour',
      'America/New_York',
    );
    expect(buckets.map((b) => b.local)).toEqual(['2026-11-01T00:00:00-04:00', '2026-11-01T01:00:00-04:00', '2026-11-01T01:00:00-05:00']);
  });
});
