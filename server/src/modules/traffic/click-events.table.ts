import type { Generated, Insertable, Selectable } from 'kysely';

export type ClickSourceValue = 'page' | 'rotator';
/** Only `counted` burns a cap (issue 14 "Qualified clicks"). */
export type ClickVerdictValue = 'counted' | 'repeat' | 'bot';
export type DeviceClassValue = 'mobile' | 'tablet' | 'desktop' | 'bot';

/**
 * click_events: one row per click, from the page or the rotator (issue 14), read by profile and
 * time range (analytics) and by visitor (repeats, spillover). Never a raw IP: `visitor` is a
 * keyed hash of IP + User-Agent whose key changes every UTC day (visitor-keys.ts).
 */
export interface ClickEventsTable {
  id: Generated<number>;
  /** ISO 8601 UTC, like every time in the database. */
  created_at: string;
  /** The profile (member or sub-profile) whose link or rotator was clicked. */
  user_id: string;
  /** null: a rotator visit that found no pending link and went to the finish page or backup URL. */
  link_id: string | null;
  source: ClickSourceValue;
  verdict: ClickVerdictValue;
  device: DeviceClassValue;
  /** The referring page's host only (never its path or query), or null. */
  referrer_host: string | null;
  /** base64url of 16 bytes of HMAC-SHA256(day key, IP + User-Agent). */
  visitor: string;
  /**
   * 1 when the profile looked visitors up when the click came (a unique window, or the rotator in
   * spillover mode): only those events are in the per-visitor index, so the others cost less.
   */
  tracked: Generated<number>;
  /** Issue 30: the click's public id (click-ids.ts, decision 0151); null before conversions, or for a click not sent on. */
  click_id: Generated<string | null>;
}
export type ClickEventRow = Selectable<ClickEventsTable>;
export type NewClickEventRow = Insertable<ClickEventsTable>;

/** visitor_keys: the random key of a UTC day (YYYY-MM-DD); only the current day's is kept. */
export interface VisitorKeysTable {
  day: string;
  secret: string;
}
