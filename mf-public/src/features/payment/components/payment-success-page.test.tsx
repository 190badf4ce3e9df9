import { act, screen } from '@testing-library/react';
import { ApiError, MESSAGES, tokenStore, verifyPayment } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { resetPaymentVerifications } from '../hooks/use-payment-verification';
import { PaymentSuccessPage } from './payment-success-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), verifyPayment: jest.fn() }));
const verifyMock = verifyPayment as jest.MockedFunction<typeof verifyPayment>;

const show = (url: string, fakeTimers = false) =>
  renderPage(<PaymentSuccessPage />, { path: '/payment-success', url, fakeTimers, strict: true });

beforeEach(() => {
  verifyMock.mockReset();
  resetPaymentVerifications();
  tokenStore.setSession('member-token');
});
afterEach(() => jest.useRealTimers());

test("no session id: 'Session ID not found.' and no call", () => {
  show('/payment-success');
  expect(screen.getByRole('alert')).toHaveTextContent('Session ID not found.');
  expect(verifyMock).not.toHaveBeenCalled();
});

test('verifies once under StrictMode, counts down 5 s, then goes to /user', async () => {
  jest.useFakeTimers();
  verifyMock.mockResolvedValue({ status: 'SUCCESS' });
  show('/payment-success?session_id=cs_42', true);

  expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Payment successful!' })).toBeInTheDocument();
  expect(verifyMock).toHaveBeenCalledTimes(1);
  expect(verifyMock).toHaveBeenCalledWith('cs_42');
  expect(screen.getByText(/Redirecting to your dashboard in 5 seconds/)).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByText(/in 4 seconds/)).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(3000));
  expect(screen.getByText(/in 1 second…/)).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Landed on /user' })).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByRole('heading', { name: 'Landed on /user' })).toBeInTheDocument();
});

test("a refused payment shows 'Payment verification failed.' and does not redirect", async () => {
  verifyMock.mockRejectedValue(
    new ApiError('Payment not completed', { code: 'invalid', status: 400, serverMessage: 'Payment not completed' }),
  );
  show('/payment-success?session_id=cs_unpaid');
  expect(await screen.findByRole('alert')).toHaveTextContent('Payment verification failed.');
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/user');
});

test("a network error shows 'An error occurred while verifying payment.' and Try again verifies anew", async () => {
  verifyMock.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'network' }));
  verifyMock.mockResolvedValueOnce({ status: 'SUCCESS' });
  const { user } = show('/payment-success?session_id=cs_net');
  expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while verifying payment.');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Payment successful!' })).toBeInTheDocument();
  expect(verifyMock).toHaveBeenCalledTimes(2);
});

test('signed out (no token): the verification error comes with a way to sign in', async () => {
  tokenStore.clear();
  verifyMock.mockRejectedValue(new ApiError('Token is missing', { code: 'token-missing' }));
  show('/payment-success?session_id=cs_signed_out');
  expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while verifying payment.');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
});

test('signed in: no sign-in hint on failure', async () => {
  verifyMock.mockRejectedValue(
    new ApiError('Payment not completed', { code: 'invalid', status: 400, serverMessage: 'Payment not completed' }),
  );
  show('/payment-success?session_id=cs_x');
  expect(await screen.findByRole('alert')).toHaveTextContent('Payment verification failed.');
  expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
});

test('a server that is away for a moment (503) says so and offers Try again', async () => {
  verifyMock.mockRejectedValueOnce(
    new ApiError(MESSAGES.unavailable, { code: 'unavailable', status: 503, serverMessage: MESSAGES.unavailable }),
  );
  verifyMock.mockResolvedValueOnce({ status: 'SUCCESS' });
  const { user } = show('/payment-success?session_id=cs_503');
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unavailable);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Payment successful!' })).toBeInTheDocument();
});
