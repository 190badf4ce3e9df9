import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, createPaymentSession, getProfile, tokenStore, type User } from '@rotalink/shared-api';
import { leavePageFor } from '../../../components/leave-page';
import { renderPage } from '../../../test-utils/render-page';
import { LandingPage } from './landing-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  createPaymentSession: jest.fn(),
  getProfile: jest.fn(),
}));
const createMock = createPaymentSession as jest.MockedFunction<typeof createPaymentSession>;
const profileMock = getProfile as jest.MockedFunction<typeof getProfile>;
const member = (subscription_status: 'active' | 'inactive') => ({ user_id: 'u1', subscription_status }) as User;

jest.mock('../../../components/leave-page', () => ({ leavePageFor: jest.fn() }));
const assign = leavePageFor as jest.MockedFunction<typeof leavePageFor>;

beforeEach(() => {
  createMock.mockReset();
  profileMock.mockReset();
  profileMock.mockResolvedValue(member('inactive'));
  assign.mockReset();
  tokenStore.clear();
  jest.spyOn(window, 'alert').mockImplementation(() => {});
  jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => jest.restoreAllMocks());

const show = () => renderPage(<LandingPage />, { path: '/' });

test('shows the product pitch and the one lifetime plan of spec §9', () => {
  show();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/referral links/i);
  const plan = screen.getByRole('article', { name: 'Lifetime' });
  expect(plan).toHaveTextContent('$144.56');
  expect(plan).toHaveTextContent('20 links per profile');
  expect(plan).toHaveTextContent(/link counter/i);
  expect(plan).toHaveTextContent(/link rotator/i);
});

test('signed out: Subscribe shows an alert and goes to /login without calling the server', async () => {
  const { user } = show();
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
  expect(window.alert).toHaveBeenCalledWith('Please sign in to subscribe.');
  expect(screen.getByRole('heading', { name: 'Landed on /login' })).toBeInTheDocument();
  expect(createMock).not.toHaveBeenCalled();
});

test('signed in: confirms the price, creates the session and goes to the checkout URL', async () => {
  tokenStore.setSession('tok');
  createMock.mockResolvedValue({ url: 'http://localhost:4000/checkout/cs_1' });
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
  expect(window.confirm).toHaveBeenCalledWith('You are subscribing to (lifetime) for $144.56');
  expect(createMock).toHaveBeenCalledTimes(1);
  expect(assign).toHaveBeenCalledWith('http://localhost:4000/checkout/cs_1');
  // Still busy while the browser leaves: a second tap cannot open a second session.
  expect(screen.getByRole('button', { name: /opening checkout/i })).toBeDisabled();
});

test('cancelling the confirm dialog does nothing', async () => {
  tokenStore.setSession('tok');
  (window.confirm as jest.Mock).mockReturnValue(false);
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
  expect(createMock).not.toHaveBeenCalled();
  expect(assign).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
});

test('a session-creation error is shown as a toast and the button comes back', async () => {
  tokenStore.setSession('tok');
  createMock.mockRejectedValue(
    new ApiError('Payment provider unavailable', { code: 'upstream-failed', status: 502, serverMessage: 'Payment provider unavailable' }),
  );
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
  expect(await screen.findByText('Payment provider unavailable')).toBeInTheDocument();
  expect(assign).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
});

test('links to the legal pages', () => {
  show();
  expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  expect(screen.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refundpolicy');
});

test('the hero offers sign-up to visitors and the dashboard to members', async () => {
  const { unmount } = show();
  expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup');
  unmount();
  tokenStore.setSession('tok');
  show();
  expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/user');
  expect(screen.queryByRole('link', { name: 'Create a free account' })).not.toBeInTheDocument();
  await screen.findByRole('button', { name: 'Subscribe' }); // the plan check has answered
});

describe('a member whose plan is already active (issue 13)', () => {
  test('sees "Your plan is active" instead of the Subscribe button, and no purchase is offered', async () => {
    tokenStore.setSession('tok');
    profileMock.mockResolvedValue(member('active'));
    show();
    const plan = screen.getByRole('article', { name: 'Lifetime' });
    expect(await within(plan).findByText('Your plan is active')).toBeInTheDocument();
    expect(within(plan).queryByRole('button')).not.toBeInTheDocument();
    expect(within(plan).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/user');
    // The card itself (price, features) stays; the section now speaks of their plan.
    expect(plan).toHaveTextContent('$144.56');
    expect(screen.getByRole('heading', { level: 2, name: 'Your plan' })).toBeInTheDocument();
    expect(window.confirm).not.toHaveBeenCalled();
  });

  test('a tab opened before the plan was paid elsewhere: Subscribe is refused as already active, and the card then says so', async () => {
    tokenStore.setSession('tok');
    createMock.mockRejectedValue(new ApiError('Your plan is already active.', { code: 'already-active', status: 409 }));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const plan = screen.getByRole('article', { name: 'Lifetime' });
    expect(await within(plan).findByText('Your plan is active')).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  test('while the plan is being checked the button waits, then an inactive member gets Subscribe', async () => {
    tokenStore.setSession('tok');
    let answer: (user: User) => void = () => undefined;
    profileMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    show();
    expect(screen.getByRole('button', { name: /checking your plan/i })).toBeDisabled();
    answer(member('inactive'));
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(screen.queryByText('Your plan is active')).not.toBeInTheDocument();
  });

  test("when the check fails, the spec's Subscribe button is offered (the server still refuses a second purchase)", async () => {
    tokenStore.setSession('tok');
    profileMock.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
    show();
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  test('visitors and the admin are not checked: visitors see Subscribe, the admin is pointed to the admin console', async () => {
    const { unmount } = show();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    unmount();
    tokenStore.setSession('admin-tok', { admin: true });
    show();
    expect(screen.getByRole('link', { name: 'Go to the admin console' })).toHaveAttribute('href', '/admin_dashboard');
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument();
    expect(profileMock).not.toHaveBeenCalled();
  });
});

describe('the administrator on / (signed in at /admin)', () => {
  test('the plan card offers no Subscribe button and says plainly that members buy plans', async () => {
    tokenStore.setSession('admin-tok', { admin: true });
    const { user } = show();
    const plan = screen.getByRole('article', { name: 'Lifetime' });
    expect(plan).toHaveTextContent('$144.56'); // the card still shows what members buy
    expect(within(plan).getByText('You are signed in as the administrator: members buy plans from their own account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Subscribe' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See the plan' }));
    expect(window.confirm).not.toHaveBeenCalled();
    expect(createMock).not.toHaveBeenCalled();
  });

  test('after Logout in this tab the visitor gets the Subscribe button back', async () => {
    tokenStore.setSession('admin-tok', { admin: true });
    show();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    act(() => tokenStore.clear());
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });
});

describe('coming back from a cancelled checkout (issue 13)', () => {
  test('says the payment was cancelled and nothing was charged, until dismissed', async () => {
    const { user } = renderPage(<LandingPage />, { path: '/', url: '/?payment=cancelled' });
    const notice = await screen.findByText('Payment cancelled — you were not charged');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled(); // they can try again
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Payment cancelled — you were not charged')).not.toBeInTheDocument();
  });

  test('an ordinary visit says nothing about payments', () => {
    show();
    expect(screen.queryByText(/payment cancelled/i)).not.toBeInTheDocument();
  });
});

test('the tab is titled for the product, not just "Rotalink"', async () => {
  show();
  await waitFor(() => expect(document.title).toBe('Link rotator for network & affiliate marketers · Rotalink'));
});
