import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, getRotatorSettings, createPaymentSession, getProfile, getSubProfiles, tokenStore } from '@rotalink/shared-api';
import { getStatsProfiles } from '@rotalink/shared-api/live';
import { makeRotatorSettings, makeSub, makeUser } from '../../../test-utils/fixtures';
import { live, makeProfiles } from '../../../test-utils/stats-fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { leaveSiteFor } from '../../../components/leave-site';
import { DashboardPage } from './dashboard-page';

jest.mock('../../../components/leave-site', () => ({ leaveSiteFor: jest.fn() }));

jest.mock('../../../components/qr-codes/qr-render', () => jest.requireActual('../../../test-utils/fixtures').fakeQrRender);
jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getRotatorSettings: jest.fn(),
  // Issue 32: no profile has a handle here (public-address.test.tsx covers handles).
  getMyHandles: jest.fn(() => Promise.resolve({ handles: {} })),
  createPaymentSession: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getStatsProfiles: jest.fn(),
}));
const mockGetProfile = getProfile as jest.MockedFunction<typeof getProfile>;
const mockGetSubs = getSubProfiles as jest.MockedFunction<typeof getSubProfiles>;
const mockCreateSession = createPaymentSession as jest.MockedFunction<typeof createPaymentSession>;

const renderDashboard = () => renderPage(<DashboardPage />, { path: '/user', url: '/user' });
const origin = window.location.origin;

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  (getRotatorSettings as jest.Mock).mockResolvedValue(makeRotatorSettings());
  (getStatsProfiles as jest.Mock).mockResolvedValue(live(makeProfiles({})));
  mockGetSubs.mockResolvedValue({ subProfiles: [] });
});

describe('DashboardPage', () => {
  it('shows a loading state, then an active plan with its details and the public link', async () => {
    mockGetProfile.mockResolvedValue(makeUser());
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');

    const plan = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('$144.56')).toBeInTheDocument();
    expect(
      within(plan).getByText(
        new Date('2026-03-04T10:00:00.000Z').toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }),
      ),
    ).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: /subscribe/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${origin}/profile?userId=u_member1` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage my links' })).toHaveAttribute('href', '/Addlinks?userId=u_member1');
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/editprofile');
    expect(screen.getByRole('link', { name: 'Add sub-profile' })).toHaveAttribute('href', '/addprofile');
    expect(screen.getByRole('link', { name: 'Stats' })).toHaveAttribute('href', '/stats?userId=u_member1');
    expect(screen.queryByText(/belongs to a sub-profile/)).not.toBeInTheDocument();
    // the member's own QR codes are open: public page and rotator link, each downloadable
    const qrDownloads = /^Download PNG of the (public page|rotator link) QR code of Ada Lovelace$/;
    await waitFor(() => expect(screen.getAllByRole('link', { name: qrDownloads })).toHaveLength(2), { timeout: 5000 });
  });

  it('shows anything but active as Inactive, with a subscribe flow that confirms and goes to checkout', async () => {
    mockGetProfile.mockResolvedValue(makeUser({ subscription_status: 'expired' as 'inactive', package_price: null }));
    mockCreateSession.mockResolvedValue({ url: 'http://localhost:4000/checkout/abc' });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      renderDashboard();
      const plan = await screen.findByRole('region', { name: 'Subscription' });
      expect(within(plan).getByText('Inactive')).toBeInTheDocument();
      const subscribe = within(plan).getByRole('button', { name: /subscribe/i });
      await userEvent.click(subscribe);
      expect(confirm).toHaveBeenCalledWith('You are subscribing to (lifetime) for $144.56');
      expect(mockCreateSession).toHaveBeenCalledTimes(1);
      expect(leaveSiteFor).toHaveBeenCalledWith('http://localhost:4000/checkout/abc');
      expect(subscribe).toBeDisabled();
    } finally {
      confirm.mockRestore();
    }
  });

  it('a stale tab: "Your plan is already active." re-reads the plan, so the card shows it active', async () => {
    // Opened before another tab paid: the first read says inactive, the next one active.
    mockGetProfile.mockResolvedValueOnce(makeUser({ subscription_status: 'inactive' })).mockResolvedValue(makeUser());
    mockCreateSession.mockRejectedValue(
      new ApiError('Your plan is already active.', { code: 'already-active', status: 409, serverMessage: 'Your plan is already active.' }),
    );
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      renderDashboard();
      const plan = await screen.findByRole('region', { name: 'Subscription' });
      await userEvent.click(within(plan).getByRole('button', { name: /subscribe/i }));
      expect(await screen.findByText('Your plan is already active.')).toBeInTheDocument();
      expect(await within(plan).findByText('Active')).toBeInTheDocument();
      expect(within(plan).queryByRole('button', { name: /subscribe/i })).not.toBeInTheDocument();
      expect(within(plan).getByText('Never (lifetime access)')).toBeInTheDocument();
      expect(mockGetProfile).toHaveBeenCalledTimes(2);
      expect(leaveSiteFor).not.toHaveBeenCalled();
    } finally {
      confirm.mockRestore();
    }
  });

  it('does nothing when the member cancels the confirm, and shows a session error as a toast', async () => {
    mockGetProfile.mockResolvedValue(makeUser({ subscription_status: 'inactive' }));
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    mockCreateSession.mockRejectedValue(
      new ApiError('Payment provider unavailable', { code: 'upstream-failed', status: 502, serverMessage: 'Payment provider unavailable' }),
    );
    renderDashboard();
    const subscribe = await screen.findByRole('button', { name: /subscribe/i });
    await userEvent.click(subscribe);
    expect(mockCreateSession).not.toHaveBeenCalled();
    await userEvent.click(subscribe);
    expect(await screen.findByText('Payment provider unavailable')).toBeInTheDocument();
    expect(subscribe).toBeEnabled();
    expect(mockGetProfile).toHaveBeenCalledTimes(1); // only "already active" makes the plan worth reading again
    confirm.mockRestore();
  });

  it('lists sub-profiles with their public link, edit and links actions', async () => {
    mockGetProfile.mockResolvedValue(makeUser());
    mockGetSubs.mockResolvedValue({
      subProfiles: [makeSub(), makeSub({ user_id: 's_sub2', first_name: '<b>Eve</b>', last_name: 'X', email: null })],
    });
    renderDashboard();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Bob Builder')).toBeInTheDocument();
    expect(within(rows[0]).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(rows[0]).getByText('+1 555 0100')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: `${origin}/profile?userId=s_sub1` })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Edit Bob Builder' })).toHaveAttribute('href', '/editsubprofile?userId=s_sub1');
    expect(within(rows[0]).getByRole('link', { name: 'Links of Bob Builder' })).toHaveAttribute('href', '/Addlinks?userId=s_sub1');
    expect(within(rows[0]).getByRole('link', { name: 'Stats of Bob Builder' })).toHaveAttribute('href', '/stats?userId=s_sub1');
    // a sub-profile's QR codes wait behind their button (nothing drawn or fetched for closed rows)
    expect(within(rows[0]).getByRole('button', { name: 'QR codes of Bob Builder' })).toHaveAttribute('aria-expanded', 'false');
    expect(getRotatorSettings).not.toHaveBeenCalledWith('s_sub1');
    // member text is shown as text, never as HTML
    expect(within(rows[1]).getByText('<b>Eve</b> X')).toBeInTheDocument();
    expect(rows[1].querySelector('b')).toBeNull();
  });

  it('on a phone, labels each sub-profile card\'s clicks "Clicks 24 h" without a line break inside "24 h"', async () => {
    mockGetProfile.mockResolvedValue(makeUser());
    mockGetSubs.mockResolvedValue({ subProfiles: [makeSub()] });
    renderDashboard();
    const [row] = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    // Below 760 px the cards show each cell's data-label as its label, in a 5.5em column.
    const labels = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toContain('Clicks 24\u00a0h'); // a no-break space: "24" and "h" stay on one line
    expect(labels).not.toContain('Clicks 24 h');
  });

  it('shows an empty state when there are no sub-profiles', async () => {
    mockGetProfile.mockResolvedValue(makeUser());
    renderDashboard();
    expect(await screen.findByText(/No sub-profiles yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first sub-profile' })).toHaveAttribute('href', '/addprofile');
  });

  it('shows load failures with a retry that loads again', async () => {
    mockGetProfile
      .mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }))
      .mockResolvedValueOnce(makeUser());
    mockGetSubs.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile data.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Subscription' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load sub-profiles.')).toBeInTheDocument();
  });

  describe('signed in as a sub-profile', () => {
    const subAccount = (overrides: Parameters<typeof makeUser>[0] = {}) =>
      makeUser({
        user_id: 's_sub1',
        account: 'sub-profile',
        first_name: 'Bob',
        last_name: 'Builder',
        email: 'bob@example.com',
        ...overrides,
      });

    it("offers no sub-profile management, says whose plan it is, and keeps its own page's actions", async () => {
      mockGetProfile.mockResolvedValue(subAccount());
      // even if the list came back non-empty, a sub-profile never sees a sub-profiles table
      mockGetSubs.mockResolvedValue({ subProfiles: [makeSub({ user_id: 's_sub2' })] });
      renderDashboard();

      expect(
        await screen.findByText("This page belongs to a sub-profile of a member account; its plan is the member's."),
      ).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Add sub-profile' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Sub-profiles' })).not.toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Create your first sub-profile' })).not.toBeInTheDocument();

      const plan = screen.getByRole('region', { name: 'Subscription' });
      expect(within(plan).getByText('Active')).toBeInTheDocument();
      expect(within(plan).getByText("Lifetime (the member's plan)")).toBeInTheDocument();
      expect(within(plan).queryByRole('button', { name: /subscribe/i })).not.toBeInTheDocument();

      expect(screen.getByRole('link', { name: `${origin}/profile?userId=s_sub1` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy your public link' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Manage my links' })).toHaveAttribute('href', '/Addlinks?userId=s_sub1');
      expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/editprofile');
    });

    it("with the member's plan inactive, says so and offers no Subscribe (the server refuses a sub-profile's purchase)", async () => {
      mockGetProfile.mockResolvedValue(subAccount({ subscription_status: 'inactive', package_price: null }));
      renderDashboard();

      const plan = await screen.findByRole('region', { name: 'Subscription' });
      expect(within(plan).getByText('Inactive')).toBeInTheDocument();
      expect(within(plan).getByText(/The member's plan is inactive\./)).toBeInTheDocument();
      expect(within(plan).queryByText(/Your plan is inactive/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /subscribe/i })).not.toBeInTheDocument();
      expect(mockCreateSession).not.toHaveBeenCalled();
      expect(screen.queryByRole('link', { name: 'Add sub-profile' })).not.toBeInTheDocument();
    });
  });

  it("copies the public link and shows 'Copied!' for 2 seconds", async () => {
    jest.useFakeTimers();
    try {
      mockGetProfile.mockResolvedValue(makeUser());
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      // after setup(), which installs its own clipboard stub
      const writeText = jest.spyOn(navigator.clipboard, 'writeText');
      renderDashboard();
      const copy = await screen.findByRole('button', { name: 'Copy your public link' });
      await user.click(copy);
      expect(writeText).toHaveBeenCalledWith(`${origin}/profile?userId=u_member1`);
      const copied = await screen.findByRole('button', { name: 'Copied!' });
      act(() => jest.advanceTimersByTime(1900));
      expect(copied).toHaveTextContent('Copied!');
      act(() => jest.advanceTimersByTime(200));
      expect(copied).not.toHaveTextContent('Copied!');
      expect(copied).toHaveAccessibleName('Copy your public link');
    } finally {
      jest.useRealTimers();
    }
  });
});
