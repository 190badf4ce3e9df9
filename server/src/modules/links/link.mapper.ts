import type { Link, LinkLists } from '@rotalink/shared-api/contract';
import type { LinkRow } from './links.table';

/** Spec §3 Link: the stored `url` is the API's `link`. */
export function linkRowToLink(row: LinkRow): Link {
  return { id: row.id, name: row.name, link: row.url, clicks: row.clicks, max_clicks: row.max_clicks };
}

/** DESIGN §6: completed once clicks reach max_clicks; an unlimited link never completes. */
export const isCompleted = (row: Pick<LinkRow, 'clicks' | 'max_clicks'>): boolean => row.max_clicks !== null && row.clicks >= row.max_clicks;

/** Rows in queue order → the two lists every links call answers. */
export function toLinkLists(rows: LinkRow[]): LinkLists {
  const pending: Link[] = [];
  const completed: Link[] = [];
  for (const row of rows) (isCompleted(row) ? completed : pending).push(linkRowToLink(row));
  return { pending, completed };
}
