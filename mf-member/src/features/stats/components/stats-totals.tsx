import type { StatsTotals } from '@rotalink/shared-api';
import { formatCount } from '../hooks/stats-format';

/** The range's totals by verdict, and unique visitors. */
export function StatsTotalsList({ totals }: { totals: StatsTotals }) {
  const items: [string, number, string][] = [
    ['Counted', totals.counted, 'Clicks that reached one of your links and counted toward its cap'],
    // Issue 29: rotator visits with nowhere to go are not "counted" clicks; shown on their own.
    ['Reached no link', totals.no_link ?? 0, 'Rotator visits that found no pending link (sent to your page or backup URL)'],
    ['Repeat', totals.repeat, 'The same visitor again within the unique window'],
    ['Bot', totals.bot, 'Bots, link previews and prefetches'],
    ['Unique visitors', totals.unique_visitors, 'Distinct visitors per day, added up'],
  ];
  return (
    <dl className="mem-totals">
      {items.map(([label, value, hint]) => (
        <div key={label} className="mem-totals__item" title={hint}>
          <dt>{label}</dt>
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
