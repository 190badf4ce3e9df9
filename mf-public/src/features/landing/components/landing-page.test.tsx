import { screen } from '@testing-library/react';
import { ApiError, createPaymentSession, tokenStore } from '@rotalink/shared-api';
import { leavePageFor } from '../../../components/leave-page';
import { renderPage } from '../../../test-utils/render-page';
import { LandingPage } from './landing-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), createPaymentSession: jest.fn() }));
const createMock = createPaymentSession as jest.MockedFunction<typeof createPaymentSession>;

jest.mock('../../../components/leave-page', () => ({ leavePageFor: jest.fn() }));
const assign = leavePageFor as jest.MockedFunction<typeof leavePageFor>;

beforeEach(() => {
  createMock.mockReset();
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
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
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
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
  expect(createMock).not.toHaveBeenCalled();
  expect(assign).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
});

test('a session-creation error is shown as a toast and the button comes back', async () => {
  tokenStore.setSession('tok');
  createMock.mockRejectedValue(new ApiError('Payment provider unavailable', { status: 502, serverMessage: 'Payment provider unavailable' }));
  const { user } = show();
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
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

test('the hero offers sign-up to visitors and the dashboard to members', () => {
  const { unmount } = show();
  expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup');
  unmount();
  tokenStore.setSession('tok');
  show();
  expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/user');
  expect(screen.queryByRole('link', { name: 'Create a free account' })).not.toBeInTheDocument();
});
