import { screen } from '@testing-library/react';
import { ApiError, forgotPassword } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { ForgotPasswordPage } from './forgot-password-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), forgotPassword: jest.fn() }));
const forgotMock = forgotPassword as jest.MockedFunction<typeof forgotPassword>;

async function submit(email: string) {
  const view = renderPage(<ForgotPasswordPage />, { path: '/forgotpassword' });
  if (email) await view.user.type(screen.getByLabelText('Email'), email);
  await view.user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return view;
}

beforeEach(() => forgotMock.mockReset());

test('needs a valid email before calling', async () => {
  await submit('');
  expect(screen.getByText('Email is required.')).toBeInTheDocument();
  screen.getByLabelText('Email');
  expect(forgotMock).not.toHaveBeenCalled();
});

test('rejects a malformed email', async () => {
  await submit('not-an-email');
  expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
  expect(forgotMock).not.toHaveBeenCalled();
});

test('shows the server message on success', async () => {
  forgotMock.mockResolvedValue({ status: 'SUCCESS', message: 'If that email is registered, a link is on its way.' });
  await submit('ann@example.com');
  expect(await screen.findByRole('status')).toHaveTextContent('If that email is registered, a link is on its way.');
  expect(forgotMock).toHaveBeenCalledWith({ email: 'ann@example.com' });
});

test("shows 'Password reset email sent!' when the server sent no message", async () => {
  forgotMock.mockResolvedValue({ status: 'SUCCESS', message: '' });
  await submit('ann@example.com');
  expect(await screen.findByRole('status')).toHaveTextContent('Password reset email sent!');
});

test('shows the server message on failure, or the fallback', async () => {
  forgotMock.mockRejectedValueOnce(
    new ApiError('Too many requests', { code: 'rate-limited', status: 429, serverMessage: 'Too many requests' }),
  );
  const { user } = await submit('ann@example.com');
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');

  forgotMock.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!');
});

test("says 'An error occurred. Please try again.' on a network error", async () => {
  forgotMock.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
  await submit('ann@example.com');
  expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
});
