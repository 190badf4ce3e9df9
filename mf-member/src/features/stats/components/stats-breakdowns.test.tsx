import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { busySummary } from '../../../test-utils/stats-fixtures';
import { applyStylesheets } from '@rotalink/build-config/test-stylesheets';
import { StatsBreakdowns } from './stats-breakdowns';

// A pasted tracking id: 100 characters (the name limit) and no space to wrap at.
const TRACKING_ID = 'utm_' + 'a1B2c3D4e5'.repeat(9) + 'f6G7h8';

let removeStyles: () => void;
beforeEach(() => {
  removeStyles = applyStylesheets(path.join(__dirname, '../../../components/mem.css'), path.join(__dirname, 'stats.css'));
});
afterEach(() => removeStyles());

function renderWithLinkNamed(name: string) {
  const summary = busySummary();
  summary.links[0] = { ...summary.links[0], name };
  render(<StatsBreakdowns summary={summary} />);
  return within(screen.getByRole('region', { name: 'Links' }));
}

describe('StatsBreakdowns on a narrow screen', () => {
  it('lets a long link name without spaces wrap anywhere, so the number columns stay in the card', () => {
    const links = renderWithLinkNamed(TRACKING_ID);
    expect(TRACKING_ID).toHaveLength(100);
    const name = links.getByText(TRACKING_ID);
    // Under break-word the whole name would be the column's minimum width (about 1,250 px at 360 px).
    expect(getComputedStyle(name).overflowWrap).toBe('anywhere');
    expect(links.getByRole('rowheader', { name: /utm_/ })).toContainElement(name);
    // its URL under it, and a link without a name shown by its URL, wrap anywhere as before
    expect(getComputedStyle(links.getByText('https://shop.example.com')).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(links.getByText('https://blog.example.com')).overflowWrap).toBe('anywhere');
  });

  it('still breaks the words of other row labels only when a word is longer than the column', () => {
    render(<StatsBreakdowns summary={busySummary()} />);
    const referrers = within(screen.getByRole('region', { name: 'Top referrers' }));
    expect(getComputedStyle(referrers.getByRole('rowheader', { name: 'No referrer (typed, bookmarked, apps)' })).overflowWrap).toBe(
      'break-word',
    );
    expect(getComputedStyle(referrers.getByText('facebook.com')).overflowWrap).toBe('anywhere');
  });
});
