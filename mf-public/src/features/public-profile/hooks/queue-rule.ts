import type { Link } from '@rotalink/shared-api';

/**
 * The sentence above the queue (issue 29): the real unlock rule. A later link unlocks when the
 * first reaches its cap (spec §4), not when this visitor has opened it, so say how many visits
 * the first link still needs.
 */
export function queueRule(pending: Link[]): string {
  const head = pending[0];
  if (!head || pending.length === 1) return 'Open the link below.';
  if (head.max_clicks === null) return 'Open the links in order, starting with the first.';
  const left = Math.max(0, head.max_clicks - head.clicks);
  return `Open the links in order. The next one unlocks after the first link's remaining ${left.toLocaleString('en-US')} ${
    left === 1 ? 'visit' : 'visits'
  }.`;
}
