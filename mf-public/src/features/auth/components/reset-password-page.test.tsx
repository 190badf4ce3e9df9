import { act, screen } from '@testing-library/react';
import { ApiError, resetPassword } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { ResetPasswordPage } from './reset-password-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), resetPassword: jest.fn() }));
const resetMock = resetPassword as jest.MockedFunction<typeof resetPassword>;

function show(url = '/resetpassword?token=abc123', fakeTimers = false) {
  const view = renderPage(<ResetPasswordPage />, { path: '/resetpassword', url, fakeTimers });
  const submit = async (password: string, confirm: string) => {
    if (password) await view.user.type(screen.getByLabelText('New password'), password);
    if (confirm) await view.user.type(screen.getByLabelText('Confirm password'), confirm);
    await view.user.click(screen.getByRole('button', { name: 'Reset password' }));
  };
  return { ...view, submit };
}

beforeEach(() => resetMock.mockReset());
afterEach(() => jest.useRealTimers());

test("mismatched passwords show 'Passwords do not match!' and send nothing (spec §5)", async () => {
  const { submit } = show();
  await submit('newpassword1', 'newpassword2');
  expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match!');
  expect(resetMock).not.toHaveBeenCalled();
});

test('asks for both fields and the 8-character minimum', async () => {
  const { submit } = show();
  await submit('short', '');
  expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
  expect(screen.getByText('Please confirm your password.')).toBeInTheDocument();
  expect(resetMock).not.toHaveBeenCalled();
});

test("success shows 'Password reset successful!' and goes to /login after 2 s", async () => {
  jest.useFakeTimers();
  resetMock.mockResolvedValue({ status: 'SUCCESS', message: 'Password updated' });
  const { submit } = show(undefined, true);
  await submit('newpassword1', 'newpassword1');

  expect(await screen.findByRole('status')).toHaveTextContent('Password reset successful!');
  expect(resetMock).toHaveBeenCalledWith({ token: 'abc123', password: 'newpassword1' });
  act(() => jest.advanceTimersByTime(1900));
  expect(screen.queryByRole('heading', { name: 'Landed on /login' })).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(100));
  expect(screen.getByRole('heading', { name: 'Landed on /login' })).toBeInTheDocument();
});

test('shows the server text when the token is refused', async () => {
  resetMock.mockRejectedValue(
    new ApiError('Invalid or expired token', { code: 'invalid', status: 400, serverMessage: 'Invalid or expired token' }),
  );
  const { submit } = show();
  await submit('newpassword1', 'newpassword1');
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired token');
  expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
});

test("says 'Something went wrong!' on a network error", async () => {
  resetMock.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
  const { submit } = show();
  await submit('newpassword1', 'newpassword1');
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
});

test('a link without a token says so and offers a new one', () => {
  show('/resetpassword');
  expect(screen.getByRole('alert')).toHaveTextContent(/has no token/);
  expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgotpassword');
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
});

test('a used or expired link (the server says it is invalid) offers a new one, not only the way back to sign in', async () => {
  const text = 'This password reset link is invalid or has expired. Please ask for a new one.';
  resetMock.mockRejectedValue(new ApiError(text, { code: 'invalid', status: 400, serverMessage: text }));
  const { submit } = show('/resetpassword?token=used-token');
  expect(screen.queryByRole('link', { name: 'Request a new reset link' })).not.toBeInTheDocument();
  await submit('newpassword1', 'newpassword1');
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgotpassword');
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
});

test('a network failure keeps the link usable: no new link is offered, the form stays', async () => {
  resetMock.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
  const { submit } = show();
  await submit('newpassword1', 'newpassword1');
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
  expect(screen.queryByRole('link', { name: 'Request a new reset link' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled();
});
