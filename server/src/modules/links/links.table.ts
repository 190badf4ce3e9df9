import type { Insertable, Selectable } from 'kysely';

/** links (DESIGN §5). Pending = max_clicks null or clicks < max_clicks; queue order = position. */
export interface LinksTable {
  id: string;
  user_id: string;
  name: string;
  url: string;
  clicks: number;
  max_clicks: number | null;
  position: number;
  created_at: string;
}
export type LinkRow = Selectable<LinksTable>;
export type NewLinkRow = Insertable<LinksTable>;
