import type { Link, LinkCheck, LinkLists, MemberLink, MemberLinkLists, PausedLink } from '@rotalink/shared-api/contract';
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

export type MemberLinkFields = LinkFields &
  Pick<
    LinkRow,
    | 'counted_clicks'
    | 'all_clicks'
    | 'click_param'
    | 'paused_at'
    | 'paused_by'
    | 'pause_reason'
    | 'last_check_at'
    | 'last_check_ok'
    | 'last_check_result'
  >;

/** The owner's view of a link: `clicks` burn the cap; the two totals are lifetime (issue 14). */
export function linkRowToMemberLink(row: MemberLinkFields): MemberLink {
  return {
    ...linkRowToLink(row),
    counted_clicks: Number(row.counted_clicks),
    all_clicks: Number(row.all_clicks),
    click_param: row.click_param ?? null,
  };
}

/** The last health check of a link (issue 16), or null when it was never checked. */
export function lastCheckOf(row: Pick<LinkRow, 'last_check_at' | 'last_check_ok' | 'last_check_result'>): LinkCheck | null {
  if (!row.last_check_at) return null;
  return { checked_at: row.last_check_at, ok: Number(row.last_check_ok) === 1, result: row.last_check_result ?? '' };
}

/** The text shown for a pause by its owner (a health-check pause stores its own reason). */
export const PAUSED_BY_OWNER = 'Paused by you';

export function linkRowToPausedLink(row: MemberLinkFields): PausedLink {
  return {
    ...linkRowToMemberLink(row),
    paused_at: row.paused_at as string,
    paused_by: row.paused_by ?? 'owner',
    pause_reason: row.pause_reason ?? PAUSED_BY_OWNER,
    last_check: lastCheckOf(row),
  };
}

/**
 * Rows in queue order → the owner's three lists (issue 16: a paused link is neither pending nor
 * completed). `paused` and the lifetime totals are filled only for the owner: the call is public
 * (spec §7), and why a link was paused, or how many bots clicked it, is nobody else's business;
 * everyone else sees the links as the visitor page does.
 */
export function toMemberLinkLists(rows: MemberLinkFields[], owner = true): MemberLinkLists {
  const lists: MemberLinkLists = { pending: [], completed: [], paused: [] };
  for (const row of rows) {
    if (row.paused_at) {
      if (owner) lists.paused.push(linkRowToPausedLink(row));
    } else (isCompleted(row) ? lists.completed : lists.pending).push(owner ? linkRowToMemberLink(row) : linkRowToLink(row));
  }
  return lists;
}
