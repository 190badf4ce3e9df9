import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, getProfile, getSubProfile, getSubProfiles, tokenStore } from '@rotalink/shared-api';
import { downloadClicksCsv, getStatsSeries, getStatsSummary } from '@rotalink/shared-api/live';
import { makeSub, makeUser } from '../../../test-utils/fixtures';
import { busySummary, live, makeBucket, makeSeries, makeSummary, makeTotals } from '../../../test-utils/stats-fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { StatsPage } from './stats-page';

interface FakePlot {
  data: unknown[][];
  setData: jest.Mock;
  setSize: jest.Mock;
  destroy: jest.Mock;
}
const plots: FakePlot[] = [];
jest.mock('uplot', () =>
  jest.fn().mockImplementation(() => {
    const plot: FakePlot = { data: [], setData: jest.fn(), setSize: jest.fn(), destroy: jest.fn() };
    plot.setData.mockImplementation((d: unknown[][]) => (plot.data = d));
    plots.push(plot);
    return plot;
  }),
);
jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getSubProfile: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getStatsSummary: jest.fn(),
  getStatsSeries: jest.fn(),
  downloadClicksCsv: jest.fn(),
}));
const mockSummary = getStatsSummary as jest.MockedFunction<typeof getStatsSummary>;
const mockSeries = getStatsSeries as jest.MockedFunction<typeof getStatsSeries>;
const mockCsv = downloadClicksCsv as jest.MockedFunction<typeof downloadClicksCsv>;

const series = makeSeries([
  makeBucket('2026-11-23T00:00:00.000Z', { counted: 3, repeat: 1 }),
  makeBucket('2026-11-23T01:00:00.000Z'),
  makeBucket('2026-11-23T02:00:00.000Z', { counted: 4, repeat: 1, bot: 1 }),
]);
const renderStats = (userId = 'u_member1') => renderPage(<StatsPage />, { path: '/stats', url: `/stats?userId=${userId}` });
const HOUR = 3_600_000;
/** The card with the range picker and the range's totals ('Counted' is a table column too). */
const totalsCard = () => screen.findByRole('region', { name: 'Range and totals' });

beforeEach(() => {
  jest.clearAllMocks();
  plots.length = 0;
  tokenStore.setSession('member-token');
  (getProfile as jest.Mock).mockResolvedValue(makeUser());
  (getSubProfiles as jest.Mock).mockResolvedValue({ subProfiles: [makeSub()] });
  mockSummary.mockResolvedValue(live(busySummary()));
  mockSeries.mockResolvedValue(live(series));
});

describe('StatsPage', () => {
  it('says "Hide the table" on the chart table’s switch while the table is open', async () => {
    renderStats();
    const show = await screen.findByText('Show the chart as a table');
    const details = show.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(show);
    const hide = await screen.findByText('Hide the table');
    expect(details).toHaveAttribute('open');
    expect(screen.queryByText('Show the chart as a table')).not.toBeInTheDocument();
    expect(within(details).getByRole('table', { name: 'Clicks per hour' })).toBeVisible();
    await userEvent.click(hide);
    expect(await screen.findByText('Show the chart as a table')).toBeInTheDocument();
    expect(details).not.toHaveAttribute('open');
  });

  it('shows the last 7 days by the hour: totals, the chart with its table, links, devices and referrers', async () => {
    renderStats();
    expect(screen.getByRole('status')).toHaveTextContent('Loading stats…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stats: Ada Lovelace' })).toBeInTheDocument();
    expect(document.title).toBe('Stats: Ada Lovelace · Rotalink');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

    const [query] = mockSeries.mock.calls[0];
    expect(query).toMatchObject({ user_id: 'u_member1', interval: 'hour', tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(Date.parse(query.to) - Date.parse(query.from)).toBe(7 * 24 * HOUR);
    expect(Date.parse(query.to)).toBeGreaterThan(Date.now()); // the current hour is in the range
    expect(mockSummary).toHaveBeenCalledWith({ user_id: 'u_member1', from: query.from, to: query.to });

    const totals = screen.getByRole('region', { name: 'Range and totals' });
    expect((await within(totals).findByText('Counted')).nextSibling).toHaveTextContent('7');
    expect(within(totals).getByText('Repeat').nextSibling).toHaveTextContent('2');
    expect(within(totals).getByText('Bot').nextSibling).toHaveTextContent('1');
    expect(within(totals).getByText('Unique visitors').nextSibling).toHaveTextContent('6');
    // Issue 29: no `no_link` in the answer (an older server) reads as none.
    expect(within(totals).getByText('Reached no link').nextSibling).toHaveTextContent('0');

    // the chart: counted vs filtered (repeat + bot), one point per bucket
    expect(
      await screen.findByRole('img', { name: 'Chart: 7 counted and 3 filtered clicks. The same figures are in the table below.' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(plots.at(-1)!.data).toEqual([
        [1795392000, 1795395600, 1795399200],
        [3, 0, 4],
        [1, 0, 2],
      ]),
    );
    // …and the same figures as a table for screen readers
    await userEvent.click(screen.getByText('Show the chart as a table'));
    const rows = within(screen.getByRole('table', { name: 'Clicks per hour' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent(/02:00 \(UTC\)\s*411$/);

    const links = within(screen.getByRole('region', { name: 'Links' })).getAllByRole('row');
    expect(links[1]).toHaveTextContent('Shop');
    expect(links[1]).toHaveTextContent(/https:\/\/shop\.example\.com\s*58\s*63 %/);
    expect(links[2]).toHaveTextContent(/^https:\/\/blog\.example\.com\s*22100 %$/);
    const devices = within(screen.getByRole('region', { name: 'Devices' })).getAllByRole('row');
    expect(devices.map((r) => r.textContent)).toEqual(['DeviceCountedAll clicksShare counted', 'Phone5683 %', 'Desktop2367 %', 'Bot010 %']);
    const referrers = within(screen.getByRole('region', { name: 'Top referrers' })).getAllByRole('row');
    expect(referrers[1]).toHaveTextContent('facebook.com');
    expect(referrers[2]).toHaveTextContent('No referrer');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Live: new clicks appear within seconds.');
  });

  it('asks for the last 24 hours by the hour and the last 30 days by the day', async () => {
    renderStats();
    await screen.findByRole('heading', { name: 'Stats: Ada Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: '24 hours' }));
    await waitFor(() => expect(mockSeries).toHaveBeenCalledTimes(2));
    const day = mockSeries.mock.calls[1][0];
    expect(day.interval).toBe('hour');
    expect(Date.parse(day.to) - Date.parse(day.from)).toBe(24 * HOUR);

    await userEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(mockSeries).toHaveBeenCalledTimes(3));
    const month = mockSeries.mock.calls[2][0];
    expect(month.interval).toBe('day');
    const today = new Date();
    expect(month.to).toBe(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).toISOString());
    expect(month.from).toBe(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29).toISOString());
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('checks a custom range, then asks for whole local days (by the hour up to 3 days, by the day beyond)', async () => {
    renderStats();
    await screen.findByRole('heading', { name: 'Stats: Ada Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom range' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To (included)');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-10');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The end day must not be before the start day.');
    expect(mockSeries).toHaveBeenCalledTimes(1);

    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-12');
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(mockSeries).toHaveBeenCalledTimes(2));
    expect(mockSeries.mock.calls[1][0]).toMatchObject({
      from: new Date(2026, 10, 10).toISOString(),
      to: new Date(2026, 10, 13).toISOString(),
      interval: 'hour',
    });
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-20');
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(mockSeries).toHaveBeenCalledTimes(3));
    expect(mockSeries.mock.calls[2][0]).toMatchObject({ to: new Date(2026, 10, 21).toISOString(), interval: 'day' });
  });

  it('hides the previous range’s figures while the custom range is invalid, and shows the fixed range’s', async () => {
    renderStats();
    expect(await within(await totalsCard()).findByText('Counted')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Clicks over time' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom range' });
    await userEvent.clear(within(form).getByLabelText('From'));
    await userEvent.type(within(form).getByLabelText('From'), '2026-11-10');
    await userEvent.clear(within(form).getByLabelText('To (included)'));
    await userEvent.type(within(form).getByLabelText('To (included)'), '2026-11-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The end day must not be before the start day.');
    // the 7 days' figures are not this range's: none stay on screen under its message
    expect(within(await totalsCard()).queryByText('Counted')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Clicks over time' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

    await userEvent.clear(within(form).getByLabelText('To (included)'));
    await userEvent.type(within(form).getByLabelText('To (included)'), '2026-11-12');
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(await within(await totalsCard()).findByText('Counted')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('refuses a typed start day after today instead of asking for it', async () => {
    renderStats();
    await within(await totalsCard()).findByText('Counted');
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom range' });
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const day = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
    await userEvent.clear(within(form).getByLabelText('From'));
    await userEvent.type(within(form).getByLabelText('From'), day);
    await userEvent.clear(within(form).getByLabelText('To (included)'));
    await userEvent.type(within(form).getByLabelText('To (included)'), day);
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The start day must not be after today.');
    expect(mockSeries).toHaveBeenCalledTimes(1);
    expect(within(await totalsCard()).queryByText('Counted')).not.toBeInTheDocument();
  });

  it("says 'This profile no longer exists.' for a deleted sub-profile (404), with the way back and no Retry", async () => {
    (getSubProfile as jest.Mock).mockRejectedValueOnce(
      new ApiError('User not found.', { code: 'not-found', status: 404, serverMessage: 'User not found.' }),
    );
    renderStats('s_deleted');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This profile no longer exists.');
    expect(alert).not.toHaveTextContent('This profile is not one of yours.');
    expect(within(alert).getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/user');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(mockSummary).not.toHaveBeenCalled();
  });

  it('says when the range has no clicks yet', async () => {
    mockSummary.mockResolvedValue(live(makeSummary({ totals: makeTotals() })));
    mockSeries.mockResolvedValue(live(makeSeries([makeBucket('2026-11-23T00:00:00.000Z')])));
    renderStats();
    expect(await screen.findByText(/No clicks in this range yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Chart/ })).not.toBeInTheDocument();
  });

  it("refuses another member's profile without a Retry, and offers Retry for other failures", async () => {
    const stranger = renderStats('u_stranger');
    expect(await screen.findByRole('alert')).toHaveTextContent('This profile is not one of yours.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(mockSummary).not.toHaveBeenCalled();
    stranger.unmount();

    mockSummary.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
    renderStats('s_sub1');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    await waitFor(() => expect(alert).toHaveTextContent('Failed to load the stats.'));
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Links' })).toBeInTheDocument();
  });

  it('downloads the range as CSV under the server’s file name, and says so when it fails', async () => {
    const createObjectURL = jest.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      const blob = new Blob(['time,link_name\n'], { type: 'text/csv' });
      mockCsv.mockResolvedValueOnce({ blob, filename: 'rotalink-clicks-u_member1.csv' });
      renderStats();
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      const range = mockSeries.mock.calls[0][0];
      expect(mockCsv).toHaveBeenCalledWith({ user_id: 'u_member1', from: range.from, to: range.to });
      expect(createObjectURL).toHaveBeenCalledWith(blob);
      expect(clicked[0]).toHaveAttribute('download', 'rotalink-clicks-u_member1.csv');
      expect(clicked[0]).toHaveAttribute('href', 'blob:csv');

      mockCsv.mockRejectedValueOnce(
        new ApiError('Choose at most 3660 days.', { code: 'invalid', status: 400, serverMessage: 'Choose at most 3660 days.' }),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      expect(await screen.findByText('Choose at most 3660 days.')).toBeInTheDocument();
    } finally {
      click.mockRestore();
    }
  });

  it('shows a new click without Refresh (polls every 3 s while visible) and says when updates pause', async () => {
    jest.useFakeTimers();
    try {
      renderStats();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      const counted = () => within(screen.getByRole('region', { name: 'Range and totals' })).getByText('Counted').nextSibling;
      expect(counted()).toHaveTextContent('7');
      mockSummary.mockResolvedValue(live(makeSummary({ totals: makeTotals({ counted: 8, repeat: 2, bot: 1 }) })));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(3000);
      });
      expect(counted()).toHaveTextContent('8');

      mockSummary.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(3000);
      });
      expect(screen.getByText(/Live updates paused/)).toBeInTheDocument();
      expect(counted()).toHaveTextContent('8'); // what was shown stays
    } finally {
      jest.useRealTimers();
    }
  });
});
