import type { Link } from '@rotalink/shared-api';

/** The ids in a new order: the item at `from` taken out and put at `to`. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * DESIGN §6: an unlimited (∞) link never completes, so the pending links after the first one are
 * never reached by visitors. Returns that first unlimited link when `linkId` sits behind it.
 */
export function unlimitedAhead(pending: readonly Link[], linkId: string): Link | null {
  const blocker = pending.findIndex((l) => l.max_clicks === null);
  const index = pending.findIndex((l) => l.id === linkId);
  return blocker !== -1 && index > blocker ? pending[blocker] : null;
}

/** The queue with `linkId` moved just ahead of the first unlimited link (issue 13: "Move it ahead"). */
export function orderWithLinkAhead(pending: readonly Link[], linkId: string): string[] {
  const ids = pending.map((l) => l.id).filter((id) => id !== linkId);
  const blocker = ids.findIndex((id) => pending.find((l) => l.id === id)?.max_clicks === null);
  ids.splice(blocker === -1 ? ids.length : blocker, 0, linkId);
  return ids;
}

/** Longest address a label spells out: a screen reader reads the whole label on every button. */
const LABEL_MAX = 60;

/**
 * How a link is named on buttons and in announcements: its name, or for a link without one its
 * address, cut at 60 characters ("Edit" followed by a 2,000-character URL was read out in full).
 */
export const linkLabel = (link: Pick<Link, 'name' | 'link'>): string => {
  if (link.name) return link.name;
  return link.link.length > LABEL_MAX ? `${link.link.slice(0, LABEL_MAX - 1)}…` : link.link;
};
