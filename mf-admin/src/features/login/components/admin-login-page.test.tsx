import { screen, waitFor } from '@testing-library/react';
import { adminLogin, ApiError, MESSAGES, tokenStore } from '@rotalink/shared-api';
import { renderRoute } from '../../../test-utils/render-route';
import { AdminLoginPage } from './admin-login-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), adminLogin: jest.fn() }));
const mockLogin = jest.mocked(adminLogin);

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  mockLogin.mockReset();
  tokenStore.clear();
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

async function fillAndSubmit(username = 'admin', password = 's3cret-pass') {
  const view = renderRoute(<AdminLoginPage />, '/admin');
  await view.user.type(screen.getByLabelText('Username'), username);
  await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return view;
}

test('a correct sign-in stores the admin session and opens the user list', async () => {
  mockLogin.mockResolvedValue({ Isadmin: 'Isadmin', token: 'admin-token' });
  await fillAndSubmit();
  expect(await screen.findByText('Landed on /admin_dashboard')).toBeInTheDocument();
  expect(mockLogin).toHaveBeenCalledWith({ username: 'admin', password: 's3cret-pass' });
  expect(tokenStore.getToken()).toBe('admin-token');
  expect(tokenStore.isAdmin()).toBe(true);
});

test('the tab is titled "Admin sign in · Rotalink"', () => {
  renderRoute(<AdminLoginPage />, '/admin');
  expect(document.title).toBe('Admin sign in · Rotalink');
});

test('the button is disabled while the sign-in runs, so it cannot be sent twice', async () => {
  let finish!: (v: { Isadmin: 'Isadmin'; token: string }) => void;
  mockLogin.mockReturnValue(new Promise((resolve) => (finish = resolve)));
  const { user } = await fillAndSubmit();
  const button = screen.getByRole('button', { name: 'Signing in…' });
  expect(button).toBeDisabled();
  await user.click(button);
  expect(mockLogin).toHaveBeenCalledTimes(1);
  finish({ Isadmin: 'Isadmin', token: 't' });
  expect(await screen.findByText('Landed on /admin_dashboard')).toBeInTheDocument();
});

test("a refused sign-in shows the server's error and keeps the form", async () => {
  mockLogin.mockRejectedValue(
    new ApiError('Invalid username or password', { code: 'bad-credentials', status: 401, serverMessage: 'Invalid username or password' }),
  );
  await fillAndSubmit('admin', 'wrong');
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  expect(alertSpy).not.toHaveBeenCalled();
  expect(tokenStore.getToken()).toBeNull();
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test("a failure without any error text raises the spec's alert 'Something went wrong.'", async () => {
  mockLogin.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
  await fillAndSubmit();
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Something went wrong.'));
  expect(tokenStore.getToken()).toBeNull();
});

test('a server that is away for a moment (503) says so in the form, not as an alert', async () => {
  mockLogin.mockRejectedValue(new ApiError('Something went wrong!', { code: 'unknown', status: 503 }));
  await fillAndSubmit();
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unavailable);
  expect(alertSpy).not.toHaveBeenCalled();
});

test('an answer without the Isadmin flag does not sign in', async () => {
  mockLogin.mockResolvedValue({ token: 'member-token' } as never);
  await fillAndSubmit();
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Something went wrong.'));
  expect(tokenStore.getToken()).toBeNull();
  expect(screen.queryByText(/Landed on/)).not.toBeInTheDocument();
});

test('empty fields are caught before any call', async () => {
  const { user } = renderRoute(<AdminLoginPage />, '/admin');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Enter your username and password.');
  expect(mockLogin).not.toHaveBeenCalled();
});

test('the password can be shown and hidden', async () => {
  const { user } = renderRoute(<AdminLoginPage />, '/admin');
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
});

test('an admin who is already signed in is offered the user list', () => {
  tokenStore.setSession('admin-token', { admin: true });
  renderRoute(<AdminLoginPage />, '/admin');
  expect(screen.getByRole('link', { name: 'Go to the user list' })).toHaveAttribute('href', '/admin_dashboard');
});

test("a member's session is not taken for an admin's", () => {
  tokenStore.setSession('member-token');
  renderRoute(<AdminLoginPage />, '/admin');
  expect(screen.queryByRole('link', { name: 'Go to the user list' })).not.toBeInTheDocument();
});
