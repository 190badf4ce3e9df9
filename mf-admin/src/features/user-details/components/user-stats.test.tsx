import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import type { AdminUserStats, StatsTotals } from '@rotalink/shared-api';
import { applyStylesheets } from '@rotalink/build-config/test-stylesheets';
import { UserStats } from './user-stats';

const totals = (counted: number, unique_visitors: number): StatsTotals => ({ counted, repeat: 0, bot: 0, all: counted, unique_visitors });
const stats = (allTime: StatsTotals, last30: StatsTotals): AdminUserStats => ({
  user_id: 'u-alice',
  all_time: allTime,
  last_30_days: last30,
  profiles: [
    { user_id: 'u-alice', name: 'Alice Archer', ...allTime },
    { user_id: 's-side', name: 'Side Hustle', ...totals(0, 0) },
  ],
});
const renderStats = (data: AdminUserStats) => render(<UserStats stats={data} loading={false} error={null} onRetry={() => {}} />);
const totalsOf = (label: string) => screen.getByText(label).nextSibling?.textContent;

test('visitor counts agree with their number: 1 unique visitor, 2 unique visitors', () => {
  renderStats(stats(totals(1, 1), totals(5, 2)));
  expect(totalsOf('All time')).toBe('1 counted · 0 repeat · 0 bot · 1 unique visitor');
  expect(totalsOf('Last 30 days')).toBe('5 counted · 0 repeat · 0 bot · 2 unique visitors');
});

test('the by-profile headers break only between words, whatever the shell sets on the body ("Counted" read "Count / ed" at 360 px)', () => {
  // The shell's global rule, then this remote's CSS as the page loads it.
  document.body.style.overflowWrap = 'anywhere';
  const removeStyles = applyStylesheets(path.join(__dirname, '../../../components/admin-ui.css'), path.join(__dirname, 'user-details.css'));
  try {
    renderStats(stats(totals(1200, 950), totals(300, 260)));
    const table = screen.getByRole('table', { name: 'By profile, all time' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['Profile', 'Counted', 'Filtered (repeat + bot)']);
    for (const th of headers) {
      expect(getComputedStyle(th)).toMatchObject({ overflowWrap: 'normal', wordBreak: 'normal' });
    }
    // What does not fit scrolls sideways inside the card, not the page.
    expect(getComputedStyle(table.parentElement as HTMLElement).overflowX).toBe('auto');
  } finally {
    removeStyles();
    document.body.style.overflowWrap = '';
  }
});
