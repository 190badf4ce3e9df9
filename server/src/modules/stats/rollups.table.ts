/**
 * Click roll-ups (issue 15, decision 0064): what the Stats page reads instead of raw events,
 * written in the same transaction as the clicks (rollup-batch.ts). Kept for ever; raw events
 * are purged after CLICK_EVENTS_RETENTION_DAYS (purge-click-events.ts).
 */

/** The counters of one roll-up row: clicks of a link in one 15-minute slot. */
export interface RollupCounters {
  counted: number;
  repeat: number;
  bot: number;
  /** Every click (any verdict) by source, and the counted ones among them. */
  page: number;
  page_counted: number;
  rotator: number;
  rotator_counted: number;
  /** Every click by device class, and the counted ones. */
  mobile: number;
  mobile_counted: number;
  tablet: number;
  tablet_counted: number;
  desktop: number;
  desktop_counted: number;
  bot_device: number;
  bot_device_counted: number;
  /** Visitors whose first non-bot click of the UTC day this was (decision 0065). */
  visitors: number;
}

export const ROLLUP_COUNTERS = [
  'counted',
  'repeat',
  'bot',
  'page',
  'page_counted',
  'rotator',
  'rotator_counted',
  'mobile',
  'mobile_counted',
  'tablet',
  'tablet_counted',
  'desktop',
  'desktop_counted',
  'bot_device',
  'bot_device_counted',
  'visitors',
] as const satisfies ReadonlyArray<keyof RollupCounters>;

/** click_rollups: one row per profile, 15-minute slot and link. Primary key (user_id, slot, link_id). */
export interface ClickRollupsTable extends RollupCounters {
  user_id: string;
  /** ISO 8601 UTC start of the slot (minutes 00, 15, 30 or 45). */
  slot: string;
  /** '' for a rotator visit that found no pending link (a key column cannot be null). */
  link_id: string;
}

/** click_referrer_rollups: clicks per referrer host and slot. '' = no referrer. */
export interface ClickReferrerRollupsTable {
  user_id: string;
  slot: string;
  host: string;
  all_clicks: number;
  counted: number;
}

/**
 * click_visitor_days: the visitors of each profile seen on a UTC day, so a visitor's first click
 * of the day adds one to `visitors`. A visitor hash's key changes every UTC day, so only the
 * current day's rows can ever match again: older days are deleted by the retention job.
 */
export interface ClickVisitorDaysTable {
  user_id: string;
  day: string;
  visitor: string;
}

/** click_profile_totals: a profile's all-time clicks (the admin's totals, the Stats page's change stamp). */
export interface ClickProfileTotalsTable {
  user_id: string;
  counted: number;
  repeat: number;
  bot: number;
  visitors: number;
}

/** click_daily_rollups (0011): click_rollups summed per UTC day ('2026-10-25'). Primary key (user_id, day, link_id). */
export interface ClickDailyRollupsTable extends RollupCounters {
  user_id: string;
  day: string;
  link_id: string;
}

/** click_daily_referrers (0011): click_referrer_rollups summed per UTC day. */
export interface ClickDailyReferrersTable {
  user_id: string;
  day: string;
  host: string;
  all_clicks: number;
  counted: number;
}

/** click_profile_slots (0011): a profile's clicks of all links per 15-minute slot, for its series. */
export interface ClickProfileSlotsTable {
  user_id: string;
  slot: string;
  counted: number;
  repeat: number;
  bot: number;
}
