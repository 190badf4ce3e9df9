import type { StatsTotals } from '@rotalink/shared-api';
import { formatCount } from '../hooks/stats-format';

/** The range's totals by verdict, and unique visitors. */
export function StatsTotalsList({ totals }: { totals: StatsTotals }) {
  const items: [string, number, string][] = [
    ['Counted', totals.counted, 'Clicks that counted toward your links'],
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
