import type { ClickCount } from '../hooks/use-live-click-counts';

/** One profile's clicks of the last 24 hours, kept live by the dashboard. */
export function ClickCountText({ count }: { count: ClickCount | 'error' | undefined }) {
  if (count === undefined) return <span className="mem-muted">Loading…</span>;
  if (count === 'error') return <span className="mem-muted">Not available right now</span>;
  return (
    <span className="mem-count">
      {count.counted} counted · {count.filtered} filtered
    </span>
  );
}
