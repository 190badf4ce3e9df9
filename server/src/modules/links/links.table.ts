import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * links (DESIGN §5). Pending = max_clicks null or clicks < max_clicks; queue order = position.
 * `clicks` are the counted clicks that burn the cap (a reset or a rotator restart sets them to 0);
 * `counted_clicks` and `all_clicks` (every click, bots and repeats too) are lifetime totals.
 */
export interface LinksTable {
  id: string;
  user_id: string;
  name: string;
  url: string;
  clicks: number;
  max_clicks: number | null;
  position: number;
  created_at: string;
  counted_clicks: Generated<number>;
  all_clicks: Generated<number>;
  /**
   * Issue 16: a paused link is neither pending nor completed; the queue, the page and the rotator
   * skip it. `paused_by`: 'owner' (pauseLink) or 'health-check' (3 failed checks in a row).
   */
  paused_at: Generated<string | null>;
  paused_by: Generated<PausedByValue | null>;
  pause_reason: Generated<string | null>;
  /** Failed health checks in a row (a success puts it back to 0). */
  check_failures: Generated<number>;
  last_check_at: Generated<string | null>;
  /** 1 ok, 0 failed, null never checked. */
  last_check_ok: Generated<number | null>;
  /** What the last check saw, in words ('HTTP 404', 'No answer within 5 s'). */
  last_check_result: Generated<string | null>;
  /** Issue 30: the query parameter the click id is appended as (`subid`, `aff_sub`…); null: none. */
  click_param: Generated<string | null>;
}

export type PausedByValue = 'owner' | 'health-check';
export type LinkRow = Selectable<LinksTable>;
export type NewLinkRow = Insertable<LinksTable>;
