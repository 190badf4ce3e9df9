import { screen, waitFor } from '@testing-library/react';
import { ApiError, login, MESSAGES, tokenStore } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { LoginPage } from './login-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), login: jest.fn() }));
const loginMock = login as jest.MockedFunction<typeof login>;

const show = () => renderPage(<LoginPage />, { path: '/login' });

beforeEach(() => {
  loginMock.mockReset();
  tokenStore.clear();
});

test('requires both email and password and sends nothing otherwise (spec §5)', async () => {
  const { user } = show();
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByText('Email is required.')).toBeInTheDocument();
  expect(screen.getByText('Password is required.')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(loginMock).not.toHaveBeenCalled();
});

test('signs in: stores the token, toasts the message and goes to /user', async () => {
  loginMock.mockResolvedValue({ status: 'SUCCESS', token: 'tok-123', message: 'Login successful' });
  const { user } = show();
  await user.type(screen.getByLabelText('Email'), ' ann@example.com ');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByRole('heading', { name: 'Landed on /user' })).toBeInTheDocument();
  expect(loginMock).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret-pass' });
  expect(tokenStore.getToken()).toBe('tok-123');
  expect(tokenStore.isAdmin()).toBe(false);
  expect(await screen.findByText('Login successful')).toBeInTheDocument();
});

test('shows the server error when sign-in is refused, and keeps the visitor on the form', async () => {
  loginMock.mockRejectedValue(
    new ApiError('Invalid email or password', { code: 'bad-credentials', status: 401, serverMessage: 'Invalid email or password' }),
  );
  const { user } = show();
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  expect(tokenStore.getToken()).toBeNull();
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('goes back to the page that asked for the sign-in (issue 29), never to another site', async () => {
  loginMock.mockResolvedValue({ status: 'SUCCESS', token: 'tok-123', message: 'Login successful' });
  const { user } = renderPage(<LoginPage />, { path: '/login', state: { reason: 'session-ended', from: '/Addlinks?userId=u1' } });
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'pw-123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { name: 'Landed on /Addlinks' })).toBeInTheDocument();
});

test('"Create an account" keeps the intent of a Subscribe (issue 29)', async () => {
  renderPage(<LoginPage />, { path: '/login', state: { from: '/?subscribe=1' } });
  expect(screen.getByText(/Sign in to subscribe\. New here\? Create an account first/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
});

test("no answer at all says so under 'Login failed!', never as a wrong password (issue 29)", async () => {
  loginMock.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
  const { user } = show();
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'pw');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByRole('alert')).textContent).toBe(`Login failed!\n${MESSAGES.notReachedSignIn}`);
});

test("falls back to 'Login failed!' when the server sent no text", async () => {
  loginMock.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
  const { user } = show();
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'pw');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Login failed!');
});

test('disables the button while the call runs (no double submit)', async () => {
  let finish: (v: Awaited<ReturnType<typeof login>>) => void = () => {};
  loginMock.mockReturnValue(new Promise((resolve) => (finish = resolve)));
  const { user } = show();
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'pw');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  const busy = screen.getByRole('button', { name: /signing in/i });
  expect(busy).toBeDisabled();
  await user.click(busy);
  expect(loginMock).toHaveBeenCalledTimes(1);
  finish({ status: 'SUCCESS', token: 't', message: 'ok' });
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Landed on /user' })).toBeInTheDocument());
});

test('the show/hide toggle reveals and hides the password', async () => {
  const { user } = show();
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
});

test('links to /forgotpassword and /signup', async () => {
  const { user } = show();
  expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
  expect(screen.getByRole('heading', { name: 'Landed on /forgotpassword' })).toBeInTheDocument();
});

describe('after the server ended the session (issue 13)', () => {
  const SESSION_ENDED = 'Your session has ended, please sign in again';

  test('says why the person is here when the shell redirected for a session end', () => {
    renderPage(<LoginPage />, { path: '/login', state: { reason: 'session-ended', from: '/user' } });
    expect(screen.getByRole('status')).toHaveTextContent(SESSION_ENDED);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('an ordinary visit to /login (or a guard redirect without that reason) says nothing of the kind', () => {
    renderPage(<LoginPage />, { path: '/login', state: { from: '/user' } });
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
  });

  test("when the ended session was the administrator's, the page also leads to the admin sign-in, even after a failed try", async () => {
    loginMock.mockRejectedValue(
      new ApiError('Invalid email or password', { code: 'bad-credentials', status: 401, serverMessage: 'Invalid email or password' }),
    );
    const { user } = renderPage(<LoginPage />, { path: '/login', state: { reason: 'session-ended', admin: true } });
    expect(screen.getByRole('status')).toHaveTextContent(SESSION_ENDED);
    expect(screen.getByRole('link', { name: 'Administrator? Sign in at /admin' })).toHaveAttribute('href', '/admin');
    await user.type(screen.getByLabelText('Email'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await user.click(screen.getByRole('link', { name: 'Administrator? Sign in at /admin' }));
    expect(screen.getByRole('heading', { name: 'Landed on /admin' })).toBeInTheDocument();
  });

  test("a member's ended session, or an admin flag without a session end, shows no admin sign-in link", () => {
    const { unmount } = renderPage(<LoginPage />, { path: '/login', state: { reason: 'session-ended' } });
    expect(screen.getByRole('status')).toHaveTextContent(SESSION_ENDED);
    expect(screen.queryByRole('link', { name: /Administrator/ })).not.toBeInTheDocument();
    unmount();
    renderPage(<LoginPage />, { path: '/login', state: { admin: true } });
    expect(screen.queryByRole('link', { name: /Administrator/ })).not.toBeInTheDocument();
  });

  test('a refused sign-in replaces the note with the error, and a success still goes to /user', async () => {
    loginMock.mockRejectedValueOnce(
      new ApiError('Invalid email or password', { code: 'bad-credentials', status: 401, serverMessage: 'Invalid email or password' }),
    );
    loginMock.mockResolvedValueOnce({ status: 'SUCCESS', token: 'tok-2', message: 'Login successful' });
    const { user } = renderPage(<LoginPage />, { path: '/login', state: { reason: 'session-ended' } });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /user' })).toBeInTheDocument();
  });
});

test('the tab is titled "Sign in · Rotalink"', () => {
  show();
  expect(document.title).toBe('Sign in · Rotalink');
});

test('a server that is away for a moment (503) says so instead of "Login failed!"', async () => {
  loginMock.mockRejectedValue(new ApiError('Something went wrong!', { code: 'unknown', status: 503 }));
  const { user } = show();
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'pw');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unavailable);
});

test('after sign-up the new address is already filled in; the password is not', () => {
  renderPage(<LoginPage />, { path: '/login', state: { email: 'ann@example.com' } });
  expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
  expect(screen.getByLabelText('Password')).toHaveValue('');
  show();
  expect(screen.getAllByLabelText('Email')[1]).toHaveValue('');
});
