import { act, screen, within } from '@testing-library/react';
import { ApiError, getProfile, getRotatorSettings, getSubProfiles, tokenStore } from '@rotalink/shared-api';
import { getStatsProfiles, LIVE_POLL_MS } from '@rotalink/shared-api/live';
import { makeRotatorSettings, makeSub, makeUser } from '../../../test-utils/fixtures';
import { live, makeProfiles } from '../../../test-utils/stats-fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { last24Hours, livePollQuery } from '../hooks/use-live-click-counts';
import { DashboardPage } from './dashboard-page';

jest.mock('../../../components/qr-codes/qr-render', () => jest.requireActual('../../../test-utils/fixtures').fakeQrRender);
jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  ...jest.requireActual('../../../test-utils/section-stubs').sharedApiSections(),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getRotatorSettings: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getStatsProfiles: jest.fn(),
}));
const mockProfiles = jest.mocked(getStatsProfiles);

/** 30 sub-profiles: far more than the 12 the per-profile polling could refresh within 5 s. */
const SUBS = Array.from({ length: 30 }, (_, i) => makeSub({ user_id: `s_sub${i + 1}`, first_name: `Sub${i + 1}`, last_name: 'Page' }));
/** What the server would answer for each profile's last 24 hours. */
let counts: Record<string, { counted: number; repeat: number; bot: number }>;
const wait = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  jest.mocked(getProfile).mockResolvedValue(makeUser());
  jest.mocked(getSubProfiles).mockResolvedValue({ subProfiles: SUBS });
  jest.mocked(getRotatorSettings).mockResolvedValue(makeRotatorSettings());
  counts = { u_member1: { counted: 7, repeat: 2, bot: 1 } };
  for (const s of SUBS) counts[s.user_id] = { counted: 0, repeat: 0, bot: 0 };
  mockProfiles.mockImplementation(async () => live(makeProfiles(counts)));
});
afterEach(() => jest.useRealTimers());

describe('Dashboard: live click counts (issue 15)', () => {
  it('shows every profile of a member with 30 sub-profiles from one request, and a new click by the next poll', async () => {
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await wait(100);
    expect(screen.getByText(/Clicks in the last 24 hours:/)).toHaveTextContent('Clicks in the last 24 hours: 7 counted · 3 filtered');
    expect(within(rowOf('Sub30 Page')).getByText('0 counted · 0 filtered')).toBeInTheDocument();
    expect(screen.getByText('Live: new clicks appear within seconds.')).toBeInTheDocument();
    // One request for the member's whole set: the last 24 hours, no user_id (the signed-in member's).
    expect(mockProfiles).toHaveBeenCalledTimes(1);
    const range = last24Hours(new Date());
    // Issue 30: the same request brings the revenue since local midnight.
    expect(mockProfiles).toHaveBeenCalledWith({ ...range, revenue_from: livePollQuery(new Date()).revenue_from });
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(24 * 3_600_000);

    counts.s_sub30 = { counted: 1, repeat: 0, bot: 1 }; // a visitor clicked on the last sub-profile's page
    await wait(LIVE_POLL_MS);
    expect(LIVE_POLL_MS).toBeLessThanOrEqual(5000); // the issue: a new click shows within 5 s
    expect(within(rowOf('Sub30 Page')).getByText('1 counted · 1 filtered')).toBeInTheDocument();
    expect(mockProfiles).toHaveBeenCalledTimes(2); // still one request per poll
  });

  it('a sub-profile deleted in another tab leaves this dashboard by the next poll, without a reload', async () => {
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await wait(100);
    expect(screen.getByRole('cell', { name: 'Sub30 Page' })).toBeInTheDocument();
    expect(getSubProfiles).toHaveBeenCalledTimes(1);

    // Another tab deletes Sub30: the server's lists no longer have it.
    delete counts.s_sub30;
    jest.mocked(getSubProfiles).mockResolvedValue({ subProfiles: SUBS.slice(0, 29) });
    await wait(LIVE_POLL_MS);
    await wait(100);
    expect(screen.queryByRole('cell', { name: 'Sub30 Page' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Sub29 Page' })).toBeInTheDocument();
    expect(getSubProfiles).toHaveBeenCalledTimes(2);

    // Polls that match the screen ask for nothing more.
    await wait(LIVE_POLL_MS);
    await wait(LIVE_POLL_MS);
    expect(getSubProfiles).toHaveBeenCalledTimes(2);
  });

  it('keeps the counts shown when a poll fails, says updates paused, and recovers', async () => {
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await wait(100);
    mockProfiles.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
    await wait(LIVE_POLL_MS);
    expect(screen.getByText(/Live updates paused/)).toBeInTheDocument();
    expect(screen.getByText(/Clicks in the last 24 hours:/)).toHaveTextContent('7 counted · 3 filtered');

    counts.u_member1 = { counted: 9, repeat: 0, bot: 0 };
    mockProfiles.mockImplementation(async () => live(makeProfiles(counts)));
    await wait(2 * LIVE_POLL_MS); // one failure: the next poll waits twice the interval
    expect(screen.getByText(/Clicks in the last 24 hours:/)).toHaveTextContent('9 counted · 0 filtered');
    expect(screen.getByText('Live: new clicks appear within seconds.')).toBeInTheDocument();
  });

  it('a first poll that fails says so for every profile instead of loading for ever', async () => {
    mockProfiles.mockRejectedValue(new ApiError('Something went wrong!', { code: 'unavailable', status: 503 }));
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await wait(100);
    expect(screen.getByText(/Clicks in the last 24 hours:/)).toHaveTextContent('Not available right now');
    expect(within(rowOf('Sub1 Page')).getByText('Not available right now')).toBeInTheDocument();
  });

  it("issue 30: shows today's revenue (local midnight to the end of the hour) and a new sale by the next poll", async () => {
    let revenue = { conversions: 3, revenue: '12.50' };
    mockProfiles.mockImplementation(async () => {
      const answer = makeProfiles(counts);
      answer.revenue[0] = { user_id: 'u_member1', currency: 'USD', ...revenue };
      return live(answer);
    });
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await wait(100);
    expect(screen.getByText(/Revenue today:/)).toHaveTextContent('Revenue today: 12.50 USD · 3 conversions');
    expect(mockProfiles).toHaveBeenCalledTimes(1);
    const since = new Date(mockProfiles.mock.calls[0][0].revenue_from as string);
    expect([since.getHours(), since.getMinutes(), since.getDate()]).toEqual([0, 0, new Date().getDate()]);

    revenue = { conversions: 4, revenue: '52.50' };
    await wait(LIVE_POLL_MS);
    expect(screen.getByText(/Revenue today:/)).toHaveTextContent('Revenue today: 52.50 USD · 4 conversions');
  });

  it('issue 30: an API from before revenue_from (400) still gets its poll, without it; the revenue line is left out', async () => {
    mockProfiles.mockRejectedValueOnce(new ApiError('Invalid query', { code: 'invalid', status: 400, serverMessage: 'Invalid query' }));
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await wait(100);
    expect(screen.getByText(/Clicks in the last 24 hours:/)).toHaveTextContent('Clicks in the last 24 hours: 7 counted · 3 filtered');
    expect(screen.queryByText(/Revenue today:/)).not.toBeInTheDocument();
    expect(mockProfiles.mock.calls.map(([q]) => 'revenue_from' in q)).toEqual([true, false]);
    await wait(LIVE_POLL_MS);
    expect(mockProfiles.mock.calls.map(([q]) => 'revenue_from' in q)).toEqual([true, false, false]);
  });
});
