import { screen } from '@testing-library/react';
import { ApiError, confirmEmail, tokenStore } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { ConfirmEmailPage } from './confirm-email-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), confirmEmail: jest.fn() }));
const mockConfirm = confirmEmail as jest.MockedFunction<typeof confirmEmail>;

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.clear();
});

describe('ConfirmEmailPage (/confirm-email?token=)', () => {
  it('confirms once on opening, even under StrictMode, and says the new address', async () => {
    let finish: (v: { status: 'SUCCESS'; message: string }) => void = () => {};
    mockConfirm.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', url: '/confirm-email?token=tok-1', strict: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your new email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your new email address…');
    finish({ status: 'SUCCESS', message: 'Your email address is now new@example.com. Use it to sign in.' });
    expect(await screen.findByText('Your email address is now new@example.com. Use it to sign in.')).toBeInTheDocument();
    expect(mockConfirm).toHaveBeenCalledTimes(1);
    expect(mockConfirm).toHaveBeenCalledWith('tok-1');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Confirm your new email · Rotalink');
  });

  it('leads a signed-in person to the dashboard', async () => {
    tokenStore.setSession('member-token');
    mockConfirm.mockResolvedValue({ status: 'SUCCESS', message: 'Your email address is now b@example.com. Use it to sign in.' });
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', url: '/confirm-email?token=tok-2' });
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/user');
  });

  it("shows the server's reason for a used or expired link, and where to ask for a new one", async () => {
    const text = 'This email confirmation link is invalid or has expired. Please ask for a new one.';
    mockConfirm.mockRejectedValue(new ApiError(text, { code: 'invalid', status: 400, serverMessage: text }));
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', url: '/confirm-email?token=tok-3' });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByText(/ask for a new link in your account settings/)).toBeInTheDocument();
  });

  it('a used or expired link leads a signed-in person straight to account settings, where a new one is asked for', async () => {
    tokenStore.setSession('member-token');
    const text = 'This email confirmation link is invalid or has expired. Please ask for a new one.';
    mockConfirm.mockRejectedValue(new ApiError(text, { code: 'invalid', status: 400, serverMessage: text }));
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', url: '/confirm-email?token=tok-5' });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Ask for a new link in account settings' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/user');
  });

  it('signed out, a used or expired link says to sign in first (account settings need it)', async () => {
    const text = 'This email confirmation link is invalid or has expired. Please ask for a new one.';
    mockConfirm.mockRejectedValue(new ApiError(text, { code: 'invalid', status: 400, serverMessage: text }));
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', url: '/confirm-email?token=tok-6' });
    expect(await screen.findByText('Sign in, then ask for a new link in your account settings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('an unreachable server is not a dead link: it says to try again, not to ask for a new one', async () => {
    mockConfirm.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', url: '/confirm-email?token=tok-7' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached. Please try again.');
    expect(screen.queryByText(/ask for a new link/)).not.toBeInTheDocument();
  });

  it('says so when the link has no token, without a call', () => {
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', url: '/confirm-email' });
    expect(screen.getByRole('alert')).toHaveTextContent('This confirmation link has no token.');
    expect(mockConfirm).not.toHaveBeenCalled();
  });
});
