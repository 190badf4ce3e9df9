import { screen, waitFor } from '@testing-library/react';
import { adminLogin, ApiError, MESSAGES, tokenStore } from '@rotalink/shared-api';
import { adminLoginCode } from '@rotalink/shared-api/live';
import { renderRoute } from '../../../test-utils/render-route';
import { AdminLoginPage } from './admin-login-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), adminLogin: jest.fn() }));
jest.mock('@rotalink/shared-api/live', () => ({ ...jest.requireActual('@rotalink/shared-api/live'), adminLoginCode: jest.fn() }));
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
  mockLogin.mockRejectedValue(new ApiError('Something went wrong!', { code: 'unknown', status: 500 }));
  await fillAndSubmit();
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Something went wrong.'));
  expect(tokenStore.getToken()).toBeNull();
});

test('no answer at all keeps the spec alert and says on a second line that the password was not checked (issue 29)', async () => {
  mockLogin.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
  await fillAndSubmit();
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(`Something went wrong.\n${MESSAGES.notReachedSignIn}`));
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

// Issue 33: two-factor sign-in.
describe('with two-factor sign-in on', () => {
  const mockCode = jest.mocked(adminLoginCode);
  beforeEach(() => mockCode.mockReset());

  test('the password asks for the code; the code signs in with the challenge', async () => {
    mockLogin.mockResolvedValue({ twoFactorRequired: true, challenge: 'the-challenge' });
    mockCode.mockResolvedValue({ Isadmin: 'Isadmin', token: 'admin-token' });
    const view = await fillAndSubmit();
    const field = await screen.findByLabelText('Code from your authenticator app');
    expect(tokenStore.getToken()).toBeNull();
    await view.user.type(field, '123 456');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Landed on /admin_dashboard')).toBeInTheDocument();
    expect(mockCode).toHaveBeenCalledWith({ challenge: 'the-challenge', code: '123456' });
    expect(tokenStore.getToken()).toBe('admin-token');
    expect(tokenStore.isAdmin()).toBe(true);
  });

  test('a wrong code shows the server’s text and keeps the code step; Start over goes back to the password', async () => {
    const WRONG = 'That code is not right. Enter the current code from your app, or an unused recovery code.';
    mockLogin.mockResolvedValue({ twoFactorRequired: true, challenge: 'c' });
    mockCode.mockRejectedValue(new ApiError(WRONG, { code: 'bad-credentials', status: 401, serverMessage: WRONG }));
    const view = await fillAndSubmit();
    await view.user.type(await screen.findByLabelText('Code from your authenticator app'), 'ABCDE-FGHJK');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(mockCode).toHaveBeenCalledWith({ challenge: 'c', code: 'ABCDE-FGHJK' });
    expect(tokenStore.getToken()).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
