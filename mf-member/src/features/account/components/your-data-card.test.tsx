import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, tokenStore } from '@rotalink/shared-api';
import { deleteAccount, downloadAccountExport } from '@rotalink/shared-api/live';
import { renderPage } from '../../../test-utils/render-page';
import { YourDataCard } from './your-data-card';

jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  downloadAccountExport: jest.fn(),
  deleteAccount: jest.fn(),
}));
jest.setTimeout(30_000);

const mockDownload = downloadAccountExport as jest.MockedFunction<typeof downloadAccountExport>;
const mockDelete = deleteAccount as jest.MockedFunction<typeof deleteAccount>;
const WRONG = 'The current password is not correct.';
const DELETED = 'Your account has been deleted. We sent a confirmation to your email address.';

const renderCard = () => renderPage(<YourDataCard />, { path: '/account', url: '/account' });

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('this-device-token');
});

describe('YourDataCard: the download', () => {
  it('"Download my data" fetches the zip with the token and saves it under the server’s name', async () => {
    const blob = new Blob(['zip'], { type: 'application/zip' });
    let finish: (v: { blob: Blob; filename: string }) => void = () => undefined;
    mockDownload.mockReturnValue(new Promise((r) => (finish = r)));
    const createObjectURL = jest.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    // While the server streams it, the button says so and cannot be pressed twice.
    expect(screen.getByRole('button', { name: 'Preparing your download…' })).toBeDisabled();
    finish({ blob, filename: 'rotalink-export-2026-11-28.zip' });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved rotalink-export-2026-11-28.zip.');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toHaveAttribute('download', 'rotalink-export-2026-11-28.zip');
    expect(clicked[0]).toHaveAttribute('href', 'blob:zip');
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    click.mockRestore();
  });

  it('shows the server’s refusal (too many downloads this hour)', async () => {
    const text = 'You have downloaded your data several times this hour. Please try again later.';
    mockDownload.mockRejectedValue(new ApiError(text, { code: 'rate-limited', status: 429, serverMessage: text }));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('YourDataCard: deleting the account', () => {
  it('says what goes and what stays, and asks for the password before anything', async () => {
    renderCard();
    const form = screen.getByRole('form', { name: 'Delete account' });
    expect(form).toHaveTextContent('removes your profile, sub-profiles, links, settings, click events, conversions');
    expect(form).toHaveTextContent('We keep only the payment records that bookkeeping requires');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete account…' }));
    expect(within(form).getByLabelText('Your password')).toHaveAccessibleDescription('Enter your password.');
    expect(mockDelete).not.toHaveBeenCalled();
  });

  it('a wrong password: the server’s text, the password step again, still signed in', async () => {
    mockDelete.mockRejectedValue(new ApiError(WRONG, { code: 'invalid', status: 400, serverMessage: WRONG }));
    renderCard();
    await userEvent.type(screen.getByLabelText('Your password'), 'not it');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(mockDelete).toHaveBeenCalledWith('not it');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(screen.getByLabelText('Your password')).toBeInTheDocument();
    expect(tokenStore.getToken()).toBe('this-device-token');
  });

  it('"Cancel" at the confirmation deletes nothing', async () => {
    renderCard();
    await userEvent.type(screen.getByLabelText('Your password'), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(mockDelete).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your password')).toHaveValue('my password');
  });

  it('once confirmed and deleted: signed out, on the home page, with the server’s message', async () => {
    mockDelete.mockResolvedValue({ status: 'SUCCESS', message: DELETED });
    renderCard();
    await userEvent.type(screen.getByLabelText('Your password'), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    expect(screen.getByRole('alertdialog', { name: 'Confirm deletion' })).toHaveTextContent('Delete your account and all its data now?');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(await screen.findByText(DELETED)).toBeInTheDocument();
    expect(tokenStore.getToken()).toBeNull();
  });
});
