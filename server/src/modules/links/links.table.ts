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
}
export type LinkRow = Selectable<LinksTable>;
export type NewLinkRow = Insertable<LinksTable>;
