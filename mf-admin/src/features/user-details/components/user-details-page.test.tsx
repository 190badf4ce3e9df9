import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, getAdminUser, MESSAGES, type AdminUser, type Link, type StatsTotals, type SubProfile } from '@rotalink/shared-api';
import { getAdminUserStats } from '@rotalink/shared-api/live';
import { renderRoute } from '../../../test-utils/render-route';
import { makeLink, makeUser } from '../../../test-utils/users';
import { UserDetailsPage } from './user-details-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getAdminUser: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getAdminUserStats: jest.fn(),
}));
const mockDetails = jest.mocked(getAdminUser);
const mockStats = jest.mocked(getAdminUserStats);

const alice = makeUser();
const links = [
  makeLink({ id: 'l-1', name: 'Shop', link: 'https://shop.example.com', clicks: 3, max_clicks: 10 }),
  makeLink({ id: 'l-2', name: 'Forever', link: 'www.forever.example.com', clicks: 7, max_clicks: null }),
  makeLink({ id: 'l-3', name: 'Done deal', link: 'https://done.example.com', clicks: 10, max_clicks: 10 }),
];

const totals = (counted: number, repeat: number, bot: number, unique_visitors: number): StatsTotals => ({
  counted,
  repeat,
  bot,
  all: counted + repeat + bot,
  unique_visitors,
});
const aliceStats = {
  user_id: 'u-alice',
  all_time: totals(1200, 80, 45, 950),
  last_30_days: totals(300, 20, 5, 260),
  profiles: [
    { user_id: 'u-alice', name: 'Alice Archer', ...totals(1000, 70, 40, 800) },
    { user_id: 's-side', name: 'Side Hustle', ...totals(200, 10, 5, 150) },
  ],
};

let errorSpy: jest.SpyInstance;
beforeEach(() => {
  mockDetails.mockReset();
  mockStats.mockReset();
  mockStats.mockResolvedValue({ data: aliceStats, changed: true });
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** The single-user admin read's answer (issue 12). */
const answer = (user: AdminUser = alice, userLinks: Link[] = [], subProfiles: SubProfile[] = []) => ({
  user,
  links: userLinks,
  subProfiles,
});

const renderDetails = (entry: Parameters<typeof renderRoute>[2]) => renderRoute(<UserDetailsPage />, '/user-details', entry);
const withState = (user = alice) => renderDetails({ pathname: '/user-details', search: `?userId=${user.user_id}`, state: { user } });

test('paused links are listed apart, not as pending (visitors never get them)', async () => {
  const paused = { id: 'l-dead', name: 'Dead one', link: 'https://nonexistent.example.com', clicks: 0, max_clicks: 3 };
  mockDetails.mockResolvedValue({ ...answer(alice, links), paused: [paused] });
  withState();
  const pending = await screen.findByRole('region', { name: /Pending links/ });
  expect(within(pending).queryByText('Dead one')).not.toBeInTheDocument();
  const region = screen.getByRole('region', { name: /Paused links/ });
  expect(within(region).getByText('Dead one')).toBeInTheDocument();
  expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent('Paused links (1)');
});

test('no paused links: no Paused section', async () => {
  mockDetails.mockResolvedValue(answer(alice, links));
  withState();
  await screen.findByRole('region', { name: /Pending links/ });
  expect(screen.queryByRole('region', { name: /Paused links/ })).not.toBeInTheDocument();
});

test('shows the user from navigation state with their links split into pending and completed', async () => {
  mockDetails.mockResolvedValue(answer(alice, links));
  withState();
  expect(screen.getByRole('heading', { level: 1, name: 'Alice Archer' })).toBeInTheDocument();
  expect(screen.getByText('alice@example.com')).toBeInTheDocument();
  expect(screen.getByText('Jan 15, 2026, 10:30 UTC')).toBeInTheDocument();
  expect(screen.getByText('Loading links…')).toHaveAttribute('role', 'status');

  const pending = await screen.findByRole('region', { name: /Pending links/ });
  const completed = screen.getByRole('region', { name: /Completed links/ });
  expect(within(pending).getAllByRole('listitem')).toHaveLength(2);
  expect(within(pending).getByText('3 / 10')).toBeInTheDocument();
  expect(within(pending).getByText('7 / ∞')).toBeInTheDocument();
  expect(within(completed).getAllByRole('listitem')).toHaveLength(1);
  expect(within(completed).getByText('10 / 10')).toBeInTheDocument();
  expect(mockDetails).toHaveBeenCalledWith('u-alice');
  expect(mockDetails).toHaveBeenCalledTimes(1);

  const shop = within(pending).getByRole('link', { name: 'https://shop.example.com' });
  expect(shop).toHaveAttribute('target', '_blank');
  expect(shop).toHaveAttribute('rel', 'noopener noreferrer');
  expect(within(pending).getByRole('link', { name: 'www.forever.example.com' })).toHaveAttribute('href', 'https://www.forever.example.com');
});

test("names the user's plan as sold — Lifetime, never the 'monthly' record field — and titles the tab with their name", async () => {
  mockDetails.mockResolvedValue(answer());
  withState();
  const membership = within(screen.getByRole('region', { name: /Membership/ }));
  const planRow = membership.getByText('Plan').closest('div') as HTMLElement;
  expect(planRow).toHaveTextContent('PlanLifetime');
  expect(membership.queryByText(/monthly/i)).not.toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Alice Archer · User details · Rotalink'));
  await screen.findByText('No pending links.');
});

test('a member who never bought the plan shows "No plan"', async () => {
  // As sign-up stores a member: no subscription type yet.
  const newcomer = makeUser({ subscription_status: 'inactive', subscription_type: null, package_joined_date: null, package_price: null });
  mockDetails.mockResolvedValue(answer(newcomer));
  renderDetails({ pathname: '/user-details', state: { user: newcomer } });
  const membership = within(screen.getByRole('region', { name: /Membership/ }));
  expect(membership.getByText('Plan').closest('div')).toHaveTextContent('PlanNo plan');
  await screen.findByText('No pending links.');
});

test.each([
  ['monthly', 'active', 'Lifetime'], // spec §9: the lifetime plan is sent as 'monthly'
  ['yearly', 'active', 'Yearly'],
  ['yearly', 'inactive', 'Yearly'],
  [null, 'inactive', 'No plan'], // unpaid, though a joined date is on record: it read "Lifetime"
] as const)('the Plan row reads subscription type %p (%s) as "%s"', async (type, status, label) => {
  const shown = makeUser({ subscription_type: type, subscription_status: status });
  mockDetails.mockResolvedValue(answer(shown));
  withState(shown);
  const membership = within(screen.getByRole('region', { name: /Membership/ }));
  expect(membership.getByText('Plan').closest('div')).toHaveTextContent(`Plan${label}`);
  await screen.findByText('No pending links.');
});

test('a sub-profile says it uses its member’s plan, with no Inactive, No plan or Edit membership', async () => {
  // As GET /api/admin/users/:userId answers for a sub-profile: its own plan columns are empty.
  const side = makeUser({
    user_id: 'u-side',
    account: 'sub-profile',
    email: null,
    first_name: 'Side',
    last_name: 'Page',
    subscription_status: 'inactive',
    subscription_type: null,
    package_price: null,
    package_joined_date: null,
    package_expiry_date: null,
    sub_profile_count: 0,
  });
  mockDetails.mockResolvedValue({
    ...answer(side),
    member: { user_id: 'u-alice', email: 'alice@example.com', first_name: 'Alice', last_name: 'A' },
  });
  renderDetails('/user-details?userId=u-side');
  const membership = within(await screen.findByRole('region', { name: /Membership/ }));
  // Its member, whose plan it uses, is one click away.
  expect(await membership.findByRole('link', { name: 'alice@example.com' })).toHaveAttribute('href', '/user-details?userId=u-alice');
  expect(
    membership.getByText('This is a sub-profile: it uses its member’s plan, so its membership is edited on the member’s page.'),
  ).toBeInTheDocument();
  expect(membership.getByText('Plan').closest('div')).toHaveTextContent('PlanIts member’s plan');
  expect(membership.queryByText('Inactive')).not.toBeInTheDocument();
  expect(membership.queryByText('No plan')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit membership' })).not.toBeInTheDocument();
  await screen.findByText('No pending links.');
});

test('says so when the user has no links', async () => {
  mockDetails.mockResolvedValue(answer());
  withState();
  expect(await screen.findByText('No pending links.')).toBeInTheDocument();
  expect(screen.getByText('No completed links yet.')).toBeInTheDocument();
});

test('while the links load it says so and shows no empty lists', async () => {
  let answerNow: (value: ReturnType<typeof answer>) => void = () => {};
  mockDetails.mockReturnValue(new Promise((resolve) => (answerNow = resolve)));
  withState();
  // The user from the navigation state is shown at once; their links are not known yet.
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Alice');
  expect(screen.getByText('Loading links…')).toBeInTheDocument();
  expect(screen.queryByText('No pending links.')).not.toBeInTheDocument();
  answerNow(answer(alice, links));
  expect(await screen.findByText('3 / 10')).toBeInTheDocument();
  expect(screen.queryByText('Loading links…')).not.toBeInTheDocument();
});

test('after a reload (no state) the user, links and sub-profiles come from the single-user read by ?userId=, no list', async () => {
  const bob = makeUser({ user_id: 'u-bob', email: 'bob@example.org', first_name: 'Bob', last_name: 'Builder', sub_profile_count: 1 });
  const side: SubProfile = {
    user_id: 'u-side',
    first_name: 'Side',
    last_name: 'Page',
    email: 'side@example.org',
    phone: '555-0100',
    title: '',
    slogan: '',
    about: '',
  };
  mockDetails.mockResolvedValue(answer(bob, [links[0]], [side]));
  renderDetails('/user-details?userId=u-bob');
  expect(screen.getByText('Loading user…')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Bob Builder' })).toBeInTheDocument();
  expect(screen.getByText('bob@example.org')).toBeInTheDocument();
  expect(await screen.findByText('3 / 10')).toBeInTheDocument();
  const subs = within(screen.getByRole('region', { name: /Sub-profiles/ }));
  expect(subs.getByText('Side Page')).toBeInTheDocument();
  expect(subs.getByText('side@example.org · 555-0100')).toBeInTheDocument();
  expect(mockDetails).toHaveBeenCalledWith('u-bob');
});

test("a sub-profile in the member's card opens its own details, by keyboard too, and the way back still leads to the list", async () => {
  const side: SubProfile = {
    user_id: 'u-side',
    first_name: 'Side',
    last_name: 'Page',
    email: 'side@example.org',
    phone: '555-0100',
    title: '',
    slogan: '',
    about: '',
  };
  const sideUser = makeUser({
    user_id: 'u-side',
    account: 'sub-profile',
    email: 'side@example.org',
    first_name: 'Side',
    last_name: 'Page',
    subscription_status: 'inactive',
    subscription_type: null,
    package_price: null,
    package_joined_date: null,
    package_expiry_date: null,
    sub_profile_count: 0,
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  mockDetails.mockImplementation(async (id) => {
    if (id !== 'u-side') return answer(alice, [], [side]);
    await released;
    return { ...answer(sideUser), member: { user_id: 'u-alice', email: 'alice@example.com', first_name: 'Alice', last_name: 'Archer' } };
  });
  const { user } = renderDetails({
    pathname: '/user-details',
    search: '?userId=u-alice',
    state: { user: alice, from: '/admin_dashboard?q=ali&page=2' },
  });
  const subs = within(await screen.findByRole('region', { name: /Sub-profiles/ }));
  const link = subs.getByRole('link', { name: 'Side Page' });
  expect(link).toHaveAttribute('href', '/user-details?userId=u-side');
  link.focus();
  expect(link).toHaveFocus();
  await user.keyboard('{Enter}');

  // While the sub-profile loads, the member's facts are not shown as if they were its own.
  expect(await screen.findByText('Loading user…')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { level: 1, name: 'Alice Archer' })).not.toBeInTheDocument();
  release();
  expect(await screen.findByRole('heading', { level: 1, name: 'Side Page' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'alice@example.com' })).toHaveAttribute('href', '/user-details?userId=u-alice');
  expect(screen.getByRole('link', { name: '← All users' })).toHaveAttribute('href', '/admin_dashboard?q=ali&page=2');
  expect(mockDetails).toHaveBeenLastCalledWith('u-side');
});

test('the way back leads to the list where the admin left it (search and page)', async () => {
  mockDetails.mockResolvedValue(answer());
  renderDetails({ pathname: '/user-details', search: '?userId=u-alice', state: { user: alice, from: '/admin_dashboard?q=ali&page=3' } });
  expect(screen.getByRole('link', { name: '← All users' })).toHaveAttribute('href', '/admin_dashboard?q=ali&page=3');
  await screen.findByText('No pending links.');
});

test('a reload for a user who is gone returns to the list with a message', async () => {
  mockDetails.mockRejectedValue(new ApiError('User not found', { code: 'not-found', status: 404, serverMessage: 'User not found' }));
  renderDetails('/user-details?userId=u-deleted');
  expect(await screen.findByText('Landed on /admin_dashboard')).toBeInTheDocument();
  expect(await screen.findByText('That user could not be found. Pick one from the list.')).toBeInTheDocument();
});

test('no state and no id returns to the list with a message, without a call', async () => {
  renderDetails('/user-details');
  expect(await screen.findByText('Landed on /admin_dashboard')).toBeInTheDocument();
  expect(await screen.findByText('That user could not be found. Pick one from the list.')).toBeInTheDocument();
  expect(mockDetails).not.toHaveBeenCalled();
});

test('a failed reload lookup is logged and returns to the list with a message', async () => {
  mockDetails.mockRejectedValue(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  renderDetails('/user-details?userId=u-alice');
  expect(await screen.findByText('Could not load that user. Pick one from the list.')).toBeInTheDocument();
  expect(await screen.findByText('Landed on /admin_dashboard')).toBeInTheDocument();
  expect(errorSpy).toHaveBeenCalledWith('Loading the user failed', expect.any(ApiError));
});

test("a member's token (403) gets the administrators-only message", async () => {
  mockDetails.mockRejectedValue(new ApiError('Forbidden', { code: 'forbidden', status: 403, serverMessage: 'Forbidden' }));
  withState();
  expect(await screen.findByRole('alert')).toHaveTextContent('This area is for administrators. Sign in at /admin.');
  expect(screen.queryByText('alice@example.com')).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: /Pending links/ })).not.toBeInTheDocument();
});

test('a 403 on the reload lookup also shows the administrators-only message', async () => {
  mockDetails.mockRejectedValue(new ApiError('Forbidden', { code: 'forbidden', status: 403, serverMessage: 'Forbidden' }));
  renderDetails('/user-details?userId=u-alice');
  expect(await screen.findByRole('alert')).toHaveTextContent('This area is for administrators. Sign in at /admin.');
  expect(screen.queryByText(/Landed on/)).not.toBeInTheDocument();
});

test('links that fail to load say so and can be retried', async () => {
  mockDetails
    .mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }))
    .mockResolvedValueOnce(answer(alice, links));
  const { user } = withState();
  expect(await screen.findByRole('alert')).toHaveTextContent("Could not load this user's links.");
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('3 / 10')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('links on a server that is away for a moment (503) say so and can be retried', async () => {
  mockDetails
    .mockRejectedValueOnce(new ApiError(MESSAGES.unavailable, { code: 'unavailable', status: 503, serverMessage: MESSAGES.unavailable }))
    .mockResolvedValueOnce(answer(alice, links));
  const { user } = withState();
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unavailable);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('3 / 10')).toBeInTheDocument();
});

test('member-written texts are shown as text, never as HTML', async () => {
  const scripted = makeUser({ slogan: '<script>alert(1)</script>' });
  mockDetails.mockResolvedValue(answer(scripted, [makeLink({ name: '<img src=x onerror=alert(1)>' })]));
  const { container } = withState(scripted);
  expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
  expect(container.querySelector('img, script')).toBeNull();
});

test("shows the user's clicks: all time and the last 30 days, and each profile's share (issue 15)", async () => {
  mockDetails.mockResolvedValue(answer());
  withState();
  expect(screen.getByText('Loading clicks…')).toHaveAttribute('role', 'status');
  const clicks = await screen.findByRole('region', { name: 'Clicks' });
  expect(await within(clicks).findByText('All time')).toBeInTheDocument();
  expect(within(clicks).getByText('All time').nextSibling).toHaveTextContent('1,200 counted · 80 repeat · 45 bot · 950 unique visitors');
  expect(within(clicks).getByText('Last 30 days').nextSibling).toHaveTextContent('300 counted · 20 repeat · 5 bot · 260 unique visitors');
  const rows = within(within(clicks).getByRole('table', { name: 'By profile, all time' })).getAllByRole('row');
  expect(rows.map((r) => r.textContent)).toEqual(['ProfileCountedFiltered (repeat + bot)', 'Alice Archer1,000110', 'Side Hustle20015']);
  expect(mockStats).toHaveBeenCalledWith('u-alice');
});

test("says when the user's clicks cannot be loaded, and tries again", async () => {
  mockDetails.mockResolvedValue(answer());
  mockStats.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  withState();
  const clicks = await screen.findByRole('region', { name: 'Clicks' });
  expect(await within(clicks).findByRole('alert')).toHaveTextContent("Could not load this user's clicks.");
  within(clicks).getByRole('button', { name: 'Try again' }).click();
  expect(await within(clicks).findByText('All time')).toBeInTheDocument();
});
