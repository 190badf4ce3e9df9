import { act, screen, within } from '@testing-library/react';
import { ApiError, getProfile, getRotatorSettings, getSubProfiles, tokenStore } from '@rotalink/shared-api';
import { getStatsSummary } from '@rotalink/shared-api/live';
import { makeRotatorSettings, makeSub, makeUser } from '../../../test-utils/fixtures';
import { live, makeSummary, makeTotals } from '../../../test-utils/stats-fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { last24Hours } from '../hooks/use-live-click-counts';
import { DashboardPage } from './dashboard-page';

jest.mock('../../../components/qr-codes/qr-render', () => jest.requireActual('../../../test-utils/fixtures').fakeQrRender);
jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getRotatorSettings: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getStatsSummary: jest.fn(),
}));
const mockSummary = getStatsSummary as jest.MockedFunction<typeof getStatsSummary>;

/** Counts by profile: what the server would answer for each one's last 24 hours. */
let counts: Record<string, { counted: number; repeat: number; bot: number }>;
const wait = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  (getProfile as jest.Mock).mockResolvedValue(makeUser());
  (getSubProfiles as jest.Mock).mockResolvedValue({ subProfiles: [makeSub()] });
  (getRotatorSettings as jest.Mock).mockResolvedValue(makeRotatorSettings());
  counts = { u_member1: { counted: 7, repeat: 2, bot: 1 }, s_sub1: { counted: 0, repeat: 0, bot: 0 } };
  mockSummary.mockImplementation(async (q) => live(makeSummary({ user_id: q.user_id, totals: makeTotals(counts[q.user_id]) })));
});
afterEach(() => jest.useRealTimers());

describe('Dashboard: live click counts (issue 15)', () => {
  it("shows each profile's last 24 hours, and a new click within one poll without Refresh", async () => {
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await wait(100);
    expect(screen.getByText(/Clicks in the last 24 hours:/)).toHaveTextContent('Clicks in the last 24 hours: 7 counted · 3 filtered');
    const bobRow = screen.getByRole('cell', { name: 'Bob Builder' }).closest('tr') as HTMLElement;
    expect(within(bobRow).getByText('0 counted · 0 filtered')).toBeInTheDocument();
    expect(screen.getByText('Live: new clicks appear within seconds.')).toBeInTheDocument();
    const range = last24Hours(new Date());
    expect(mockSummary).toHaveBeenCalledWith({ user_id: 'u_member1', ...range });
    expect(mockSummary).toHaveBeenCalledWith({ user_id: 's_sub1', ...range });
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(24 * 3_600_000);

    counts.s_sub1 = { counted: 1, repeat: 0, bot: 0 }; // a visitor clicked on Bob's page
    await wait(3000);
    expect(within(bobRow).getByText('1 counted · 0 filtered')).toBeInTheDocument();
  });

  it('keeps the counts shown when a poll fails, says updates paused, and recovers', async () => {
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await wait(100);
    mockSummary.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
    await wait(3000);
    expect(screen.getByText(/Live updates paused/)).toBeInTheDocument();
    expect(screen.getByText(/Clicks in the last 24 hours:/)).toHaveTextContent('7 counted · 3 filtered');

    mockSummary.mockImplementation(async (q) => live(makeSummary({ user_id: q.user_id, totals: makeTotals({ counted: 9 }) })));
    await wait(6000); // one failure: the next poll waits twice the interval
    expect(screen.getByText(/Clicks in the last 24 hours:/)).toHaveTextContent('9 counted · 0 filtered');
    expect(screen.getByText('Live: new clicks appear within seconds.')).toBeInTheDocument();
  });
});
