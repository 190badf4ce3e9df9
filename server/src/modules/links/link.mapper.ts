import type { Link, LinkLists, MemberLink, MemberLinkLists } from '@rotalink/shared-api/contract';
import type { LinkRow } from './links.table';

/** The columns a Link is made of (reads that need no more select only these). */
export type LinkFields = Pick<LinkRow, 'id' | 'name' | 'url' | 'clicks' | 'max_clicks'>;

/** Spec §3 Link: the stored `url` is the API's `link`. */
export function linkRowToLink(row: LinkFields): Link {
  return { id: row.id, name: row.name, link: row.url, clicks: row.clicks, max_clicks: row.max_clicks };
}

/** DESIGN §6: completed once clicks reach max_clicks; an unlimited link never completes. */
export const isCompleted = (row: Pick<LinkRow, 'clicks' | 'max_clicks'>): boolean =>
  row.max_clicks !== null && row.clicks >= row.max_clicks;

/** Rows in queue order → the two lists every links call answers. */
export function toLinkLists(rows: LinkFields[]): LinkLists {
  const pending: Link[] = [];
  const completed: Link[] = [];
  for (const row of rows) (isCompleted(row) ? completed : pending).push(linkRowToLink(row));
  return { pending, completed };
}

export type MemberLinkFields = LinkFields & Pick<LinkRow, 'counted_clicks' | 'all_clicks'>;

/** The owner's view of a link: `clicks` burn the cap; the two totals are lifetime (issue 14). */
export function linkRowToMemberLink(row: MemberLinkFields): MemberLink {
  return { ...linkRowToLink(row), counted_clicks: Number(row.counted_clicks), all_clicks: Number(row.all_clicks) };
}

export function toMemberLinkLists(rows: MemberLinkFields[]): MemberLinkLists {
  const pending: MemberLink[] = [];
  const completed: MemberLink[] = [];
  for (const row of rows) (isCompleted(row) ? completed : pending).push(linkRowToMemberLink(row));
  return { pending, completed };
}
