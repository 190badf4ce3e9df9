import { SLOT_MS, slotOf } from './rollup-batch';

/** The slot by the calendar: the time rounded down to its quarter hour, printed as stored. */
const bySlotArithmetic = (iso: string) => {
  const ms = Date.parse(iso);
  return new Date(ms - (((ms % SLOT_MS) + SLOT_MS) % SLOT_MS)).toISOString();
};

describe('slotOf: the 15-minute slot a click is rolled up in', () => {
  it.each([
    ['2026-10-25T01:37:12.345Z', '2026-10-25T01:30:00.000Z'],
    ['2026-10-25T01:00:00.000Z', '2026-10-25T01:00:00.000Z'],
    ['2026-10-25T01:14:59.999Z', '2026-10-25T01:00:00.000Z'],
    ['2026-10-25T23:59:59.999Z', '2026-10-25T23:45:00.000Z'],
    // Other forms of the same instant (no milliseconds, an offset) land in the same slot.
    ['2026-10-25T01:37:12Z', '2026-10-25T01:30:00.000Z'],
    ['2026-10-25T03:37:12.345+02:00', '2026-10-25T01:30:00.000Z'],
  ])('%s → %s', (iso, slot) => {
    expect(slotOf(iso)).toBe(slot);
  });

  it('agrees with the calendar for every minute of a day and random instants over a century', () => {
    const day = Date.parse('2026-03-29T00:00:00.000Z');
    for (let m = 0; m < 24 * 60; m++) {
      const iso = new Date(day + m * 60_000 + 12_345).toISOString();
      expect(slotOf(iso)).toBe(bySlotArithmetic(iso));
    }
    for (let i = 0; i < 2000; i++) {
      const iso = new Date(Math.floor(Math.random() * 3.2e12)).toISOString();
      expect(slotOf(iso)).toBe(bySlotArithmetic(iso));
    }
  });
});
