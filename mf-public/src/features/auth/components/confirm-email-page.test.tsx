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

  it('says so when the link has no token, without a call', () => {
    renderPage(<ConfirmEmailPage />, { path: '/confirm-email', url: '/confirm-email' });
    expect(screen.getByRole('alert')).toHaveTextContent('This confirmation link has no token.');
    expect(mockConfirm).not.toHaveBeenCalled();
  });
});
