import type { Generated, Insertable, Selectable } from 'kysely';

/** How the rotator link picks a link for a qualified click (issue 14). */
export type RotationModeValue = 'fulfillment' | 'round_robin' | 'random' | 'spillover' | 'optimize';
/** Where the rotator sends a visitor when no link is pending. */
export type OnFinishValue = 'page' | 'backup' | 'restart';

/**
 * rotators: one profile's rotator settings (no row = the defaults) and the rotator's own state.
 * `filter_bots` is 0/1 (one portable integer type on both engines).
 */
export interface RotatorsTable {
  user_id: string;
  mode: RotationModeValue;
  on_finish: OnFinishValue;
  backup_url: string | null;
  unique_window_hours: number;
  filter_bots: number;
  /** Round robin: the link the previous counted click got. */
  last_link_id: string | null;
  /** How many times `on_finish: restart` put the queue back to 0 clicks. */
  restarts: number;
  updated_at: string;
  /** Issue 16: mail the owner when a link reaches its cap / when the queue becomes empty (1 = on). */
  notify_link_completed: Generated<number>;
  notify_queue_empty: Generated<number>;
}
export type RotatorRow = Selectable<RotatorsTable>;
export type NewRotatorRow = Insertable<RotatorsTable>;
