import type { ClickEventInput } from '../traffic';
import { ROLLUP_COUNTERS, type RollupCounters } from './rollups.table';

/** What a roll-up needs of one click event: the event as stored, less the index flag. */
export type RollupEvent = Omit<ClickEventInput, 'tracked'>;

export const SLOT_MS = 15 * 60_000;

const SLOT_OF_MINUTE = Array.from({ length: 60 }, (_, m) => `${String(m - (m % 15)).padStart(2, '0')}:00.000Z`);
/** `Date#toISOString`'s own form (UTC, milliseconds): its slot is a matter of characters. */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The 15-minute slot of an ISO time, as stored: '2026-10-25T01:37:12.345Z' → '2026-10-25T01:30:00.000Z'. */
export function slotOf(iso: string): string {
  // Once per click (issue 27): no Date parsed and printed for the form every click time has.
  if (iso.length === 24 && CANONICAL.test(iso)) {
    const minute = SLOT_OF_MINUTE[(iso.charCodeAt(14) - 48) * 10 + iso.charCodeAt(15) - 48];
    if (minute !== undefined) return iso.slice(0, 14) + minute;
  }
  const ms = Date.parse(iso);
  return new Date(ms - (((ms % SLOT_MS) + SLOT_MS) % SLOT_MS)).toISOString();
}

export const zeroCounters = (): RollupCounters => Object.fromEntries(ROLLUP_COUNTERS.map((c) => [c, 0])) as unknown as RollupCounters;

const DEVICE_COLUMN = { mobile: 'mobile', tablet: 'tablet', desktop: 'desktop', bot: 'bot_device' } as const;
// The `…_counted` column names as constants: a name built per click (`${source}_counted`) is a new
// string to hash on every counter update (issue 27).
const SOURCE_COUNTED = { page: 'page_counted', rotator: 'rotator_counted' } as const;
const DEVICE_COUNTED = {
  mobile: 'mobile_counted',
  tablet: 'tablet_counted',
  desktop: 'desktop_counted',
  bot: 'bot_device_counted',
} as const;

export interface RollupRow {
  userId: string;
  slot: string;
  linkId: string;
  counters: RollupCounters;
}
export interface ReferrerRow {
  userId: string;
  slot: string;
  host: string;
  all: number;
  counted: number;
}
export interface TotalsRow {
  userId: string;
  counted: number;
  repeat: number;
  bot: number;
  visitors: number;
}
export interface DailyRow {
  userId: string;
  day: string;
  linkId: string;
  counters: RollupCounters;
}
export type DailyReferrerRow = Omit<ReferrerRow, 'slot'> & { day: string };
export interface ProfileSlotRow {
  userId: string;
  slot: string;
  counted: number;
  repeat: number;
  bot: number;
}
/** A visitor seen in this batch, to look up in click_visitor_days; `credit` is the roll-up row of its first click. */
export interface VisitorSighting {
  userId: string;
  day: string;
  visitor: string;
  credit: RollupRow;
}

/** A click's key parts and the rows it is added to. */
interface ClickRows {
  userId: string;
  slot: string;
  linkId: string;
  host: string;
  row: RollupRow;
  ref: ReferrerRow;
  total: TotalsRow;
}

/**
 * The roll-up deltas of one group-commit transaction (decision 0064): every click event of the
 * batch is added here, and the sums are written once, just before the COMMIT (rollups.repository
 * writeRollups) — a few upserts per batch instead of several statements per click. Rows come out
 * in key order, so two API nodes' batches take the same rows' locks in the same order.
 */
export class RollupBatch {
  private readonly rollups = new Map<string, RollupRow>();
  private readonly referrers = new Map<string, ReferrerRow>();
  private readonly totals = new Map<string, TotalsRow>();
  private readonly sightings = new Map<string, VisitorSighting>();

  get empty(): boolean {
    return this.rollups.size === 0;
  }

  /**
   * The rows the previous click was added to. A batch is mostly a run of clicks on one link in one
   * slot from one referrer: the next such click finds them here instead of building and hashing
   * three keys (issue 27).
   */
  private last?: ClickRows;

  add(e: RollupEvent): void {
    const slot = slotOf(e.createdAt);
    const linkId = e.linkId ?? '';
    const host = e.referrerHost ?? '';
    let m = this.last;
    if (m === undefined || m.slot !== slot || m.userId !== e.userId || m.linkId !== linkId || m.host !== host)
      this.last = m = this.rowsOf(e.userId, slot, linkId, host);
    const { row, ref, total } = m;
    const c = row.counters;
    const counted = e.verdict === 'counted' ? 1 : 0;
    c[e.verdict] += 1;
    c[e.source] += 1;
    c[SOURCE_COUNTED[e.source]] += counted;
    c[DEVICE_COLUMN[e.device]] += 1;
    c[DEVICE_COUNTED[e.device]] += counted;
    ref.all += 1;
    ref.counted += counted;
    total[e.verdict] += 1;

    // A visitor is counted once per UTC day, at its first non-bot click (decision 0065).
    if (e.verdict !== 'bot') {
      const day = e.createdAt.slice(0, 10);
      const seen = `${e.userId}\u0000${day}\u0000${e.visitor}`;
      if (!this.sightings.has(seen)) this.sightings.set(seen, { userId: e.userId, day, visitor: e.visitor, credit: row });
    }
  }

  /** The roll-up, referrer and totals rows of a click, made on its first. */
  private rowsOf(userId: string, slot: string, linkId: string, host: string): ClickRows {
    const key = `${userId}\u0000${slot}\u0000${linkId}`;
    let row = this.rollups.get(key);
    if (!row) this.rollups.set(key, (row = { userId, slot, linkId, counters: zeroCounters() }));
    const refKey = `${userId}\u0000${slot}\u0000${host}`;
    let ref = this.referrers.get(refKey);
    if (!ref) this.referrers.set(refKey, (ref = { userId, slot, host, all: 0, counted: 0 }));
    let total = this.totals.get(userId);
    if (!total) this.totals.set(userId, (total = { userId, counted: 0, repeat: 0, bot: 0, visitors: 0 }));
    return { userId, slot, linkId, host, row, ref, total };
  }

  visitorSightings(): VisitorSighting[] {
    return sorted(this.sightings);
  }

  /** A sighting the database did not know yet: one more visitor for its roll-up row and profile. */
  creditVisitor(s: VisitorSighting): void {
    s.credit.counters.visitors += 1;
    const total = this.totals.get(s.userId);
    if (total) total.visitors += 1;
  }

  rollupRows(): RollupRow[] {
    return sorted(this.rollups);
  }
  referrerRows(): ReferrerRow[] {
    return sorted(this.referrers);
  }
  totalsRows(): TotalsRow[] {
    return sorted(this.totals);
  }

  /**
   * The coarser levels (migration 0011), derived from the slot rows when the batch is written —
   * after its visitors are credited — so every level holds the same sums.
   */
  dailyRows(): DailyRow[] {
    const days = new Map<string, DailyRow>();
    for (const r of this.rollups.values()) {
      const day = r.slot.slice(0, 10);
      const key = `${r.userId}\u0000${day}\u0000${r.linkId}`;
      let d = days.get(key);
      if (!d) days.set(key, (d = { userId: r.userId, day, linkId: r.linkId, counters: zeroCounters() }));
      for (const c of ROLLUP_COUNTERS) d.counters[c] += r.counters[c];
    }
    return sorted(days);
  }
  dailyReferrerRows(): DailyReferrerRow[] {
    const days = new Map<string, DailyReferrerRow>();
    for (const r of this.referrers.values()) {
      const day = r.slot.slice(0, 10);
      const key = `${r.userId}\u0000${day}\u0000${r.host}`;
      const d = days.get(key) ?? { userId: r.userId, day, host: r.host, all: 0, counted: 0 };
      d.all += r.all;
      d.counted += r.counted;
      days.set(key, d);
    }
    return sorted(days);
  }
  profileSlotRows(): ProfileSlotRow[] {
    const slots = new Map<string, ProfileSlotRow>();
    for (const r of this.rollups.values()) {
      const key = `${r.userId}\u0000${r.slot}`;
      const p = slots.get(key) ?? { userId: r.userId, slot: r.slot, counted: 0, repeat: 0, bot: 0 };
      p.counted += r.counters.counted;
      p.repeat += r.counters.repeat;
      p.bot += r.counters.bot;
      slots.set(key, p);
    }
    return sorted(slots);
  }
}

const sorted = <T>(map: Map<string, T>): T[] => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
