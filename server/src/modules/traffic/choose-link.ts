import type { QueueLink, RotatorState } from './profile-queue.repository';
import { chanceFrom, optimizeChoice, type Chance, type LinkEarnings } from './optimize';

/** DESIGN §6: pending until clicks reach max_clicks; an unlimited link is always pending. */
export const isPending = (l: Pick<QueueLink, 'clicks' | 'max_clicks'>): boolean => l.max_clicks === null || l.clicks < l.max_clicks;

/** Where a visit goes: a link (from the restarted queue when `restart`), or the finish. */
export type Plan = { kind: 'link'; link: QueueLink; restart: boolean } | { kind: 'finish' };

export interface PlanContext {
  /** Spillover: the link this visitor's previous visit got (cookie, else the day's visitor hash). */
  visitorLast: string | null;
  /** [0, 1), Math.random in production; tests pass their own. */
  random: () => number;
  /** Optimize: Beta draws from the same source (made from `random` when not given). */
  chance?: Chance;
  /** Optimize: what each link earned (none known: every link alike). */
  earnings?: ReadonlyMap<string, LinkEarnings>;
}

/**
 * The first candidate after `afterId` in queue order, wrapping to the first candidate; the first
 * candidate when `afterId` is unknown (never set, or its link was deleted).
 */
export function nextAfter(links: QueueLink[], candidates: Set<string>, afterId: string | null): QueueLink {
  const first = links.find((l) => candidates.has(l.id)) as QueueLink;
  const at = afterId === null ? -1 : links.findIndex((l) => l.id === afterId);
  if (at < 0) return first;
  for (let i = at + 1; i < links.length; i++) if (candidates.has(links[i].id)) return links[i];
  return first;
}

/**
 * The rotation modes of issue 14, given the profile's links in queue order:
 * - fulfillment: the head of the queue (the page's own rule);
 * - round_robin: the next pending link after the one the previous counted click got, wrapping;
 * - random: a uniformly random pending link;
 * - spillover: the next pending link after the one this visitor's previous visit got (their first
 *   visit: the first pending link; after the last one they start again at the first);
 * - optimize (issue 30): Thompson sampling on earnings per click with a minimum share (optimize.ts).
 * No pending link: on_finish 'restart' plans a click on the queue as it will be once every link is
 * back to 0 clicks; 'page' and 'backup' are the finish.
 */
export function planVisit(state: Pick<RotatorState, 'mode' | 'onFinish' | 'lastLinkId'>, links: QueueLink[], ctx: PlanContext): Plan {
  if (state.mode === 'fulfillment') {
    // The default mode, on every visit: the head of the queue, found without a list or a set (issue 27).
    const head = links.find(isPending);
    if (head) return { kind: 'link', link: head, restart: false };
  }
  let candidates = links.filter(isPending);
  let restart = false;
  if (candidates.length === 0) {
    if (state.onFinish !== 'restart' || links.length === 0) return { kind: 'finish' };
    candidates = links;
    restart = true;
  }
  const ids = new Set(candidates.map((l) => l.id));
  let link: QueueLink;
  switch (state.mode) {
    case 'round_robin':
      link = nextAfter(links, ids, state.lastLinkId);
      break;
    case 'random':
      link = candidates[Math.min(candidates.length - 1, Math.floor(ctx.random() * candidates.length))];
      break;
    case 'spillover':
      link = nextAfter(links, ids, ctx.visitorLast);
      break;
    case 'optimize': {
      const chance = ctx.chance ?? chanceFrom(ctx.random);
      link =
        candidates[
          optimizeChoice(
            candidates.map((l) => l.id),
            ctx.earnings ?? new Map(),
            chance,
          )
        ];
      break;
    }
    default:
      link = candidates[0];
  }
  return { kind: 'link', link, restart };
}
