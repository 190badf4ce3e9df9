import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, changeEmail, changePassword, getProfile, tokenStore } from '@rotalink/shared-api';
import { getSecurityEvents } from '@rotalink/shared-api/live';
import { makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { AccountSettingsPage } from './account-settings-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getProfile: jest.fn(),
  changePassword: jest.fn(),
  changeEmail: jest.fn(),
  // Issue 32: the custom domain card (custom-domain-card.test.tsx).
  getDomain: jest.fn(() => Promise.resolve({ domain: null })),
}));
// Issue 31: the page also lists API keys and webhooks (api-keys-panel.test.tsx, webhooks-panel.test.tsx cover them); none here.
// Issue 33: the security events under the forms.
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  listApiKeys: jest.fn(async () => ({ keys: [] })),
  listWebhooks: jest.fn(async () => ({ endpoints: [], max_endpoints: 10 })),
  getSecurityEvents: jest.fn(),
  // The sessions panel (sessions-panel.test.tsx covers it).
  listSessions: jest.fn(async () => ({ sessions: [] })),
}));
const mockEvents = getSecurityEvents as jest.MockedFunction<typeof getSecurityEvents>;
const mockProfile = getProfile as jest.MockedFunction<typeof getProfile>;
const mockChangePassword = changePassword as jest.MockedFunction<typeof changePassword>;
const mockChangeEmail = changeEmail as jest.MockedFunction<typeof changeEmail>;

const WRONG_CURRENT = 'The current password is not correct.';
const wrongCurrentPassword = new ApiError(WRONG_CURRENT, { code: 'invalid', status: 400, serverMessage: WRONG_CURRENT });

const renderSettings = () => renderPage(<AccountSettingsPage />, { path: '/account', url: '/account' });

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('old-token');
  mockProfile.mockResolvedValue(makeUser());
  mockEvents.mockResolvedValue({ events: [] });
});

describe('AccountSettingsPage', () => {
  it('lists the member’s own security events, newest first (issue 33)', async () => {
    const event = {
      actor_kind: 'member' as const,
      actor_id: 'u1',
      actor_label: null,
      target_id: 'u1',
      target_label: null,
      changes: null,
      ip_hash: null,
    };
    mockEvents.mockResolvedValue({
      events: [
        { ...event, id: 'e2', at: '2026-11-02T10:00:00.000Z', action: 'member.email-changed' },
        { ...event, id: 'e1', at: '2026-11-01T10:00:00.000Z', action: 'member.password-changed' },
      ],
    });
    renderSettings();
    const list = await screen.findByRole('region', { name: 'Security events' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Email address changed', 'Password changed']);
  });

  it('shows a loading state, then both forms with the current email; a failed load offers Retry', async () => {
    mockProfile.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
    renderSettings();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile data.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Change password' })).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Change email' })).getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/user');
    expect(document.title).toBe('Account settings · Rotalink');
  });

  describe('change password', () => {
    const fill = async (current: string, next: string, confirm = next) => {
      const form = await screen.findByRole('form', { name: 'Change password' });
      if (current) await userEvent.type(within(form).getByLabelText('Current password'), current);
      if (next) await userEvent.type(within(form).getByLabelText('New password'), next);
      if (confirm) await userEvent.type(within(form).getByLabelText('Confirm new password'), confirm);
      await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
      return form;
    };

    it('checks the fields before any call', async () => {
      renderSettings();
      const form = await fill('', 'short', 'shorter');
      expect(within(form).getByText('Enter your current password.')).toBeInTheDocument();
      expect(within(form).getByText('The new password needs at least 8 characters.')).toBeInTheDocument();
      expect(within(form).getByText('Passwords do not match!')).toBeInTheDocument();
      expect(mockChangePassword).not.toHaveBeenCalled();
    });

    it('changes it and keeps this session with the fresh token', async () => {
      mockChangePassword.mockResolvedValue({
        status: 'SUCCESS',
        message: 'Your password has been changed. You were signed out everywhere else.',
        token: 'fresh-token',
      });
      renderSettings();
      const form = await fill('old password 1', 'new password 2');
      expect(mockChangePassword).toHaveBeenCalledWith({ currentPassword: 'old password 1', newPassword: 'new password 2' });
      expect(await within(form).findByRole('status')).toHaveTextContent('You were signed out everywhere else.');
      expect(tokenStore.getToken()).toBe('fresh-token');
      expect(within(form).getByLabelText('Current password')).toHaveValue('');
    });

    it("shows the server's reason (a wrong current password) and keeps the session", async () => {
      mockChangePassword.mockRejectedValue(
        new ApiError('The current password is not correct.', {
          code: 'invalid',
          status: 400,
          serverMessage: 'The current password is not correct.',
        }),
      );
      renderSettings();
      const form = await fill('wrong password', 'new password 2');
      expect(await within(form).findByText('The current password is not correct.')).toBeInTheDocument();
      // Issue 29: said once, in the form — no toast repeating it.
      expect(screen.getAllByText('The current password is not correct.')).toHaveLength(1);
      expect(tokenStore.getToken()).toBe('old-token');
      expect(within(form).getByLabelText('New password')).toHaveValue('new password 2');
    });

    it("drops the server's reason once the member edits the field it is about", async () => {
      mockChangePassword.mockRejectedValue(wrongCurrentPassword);
      renderSettings();
      const form = await fill('wrong password', 'new password 2');
      expect(await within(form).findByText(WRONG_CURRENT)).toBeInTheDocument();
      // another field leaves it: it is still true
      await userEvent.type(within(form).getByLabelText('New password'), '3');
      expect(within(form).getByText(WRONG_CURRENT)).toBeInTheDocument();
      await userEvent.type(within(form).getByLabelText('Current password'), '!');
      expect(within(form).queryByText(WRONG_CURRENT)).not.toBeInTheDocument();
    });

    it("a new submit replaces the last server reason, also when the browser's checks stop it", async () => {
      mockChangePassword.mockRejectedValue(wrongCurrentPassword);
      renderSettings();
      const form = await fill('wrong password', 'new password 2');
      expect(await within(form).findByText(WRONG_CURRENT)).toBeInTheDocument();
      await userEvent.clear(within(form).getByLabelText('Confirm new password'));
      await userEvent.type(within(form).getByLabelText('Confirm new password'), 'new password 9');
      await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
      expect(within(form).getByText('Passwords do not match!')).toBeInTheDocument();
      expect(within(form).queryByText(WRONG_CURRENT)).not.toBeInTheDocument();
      expect(mockChangePassword).toHaveBeenCalledTimes(1);
    });
  });

  describe('change email', () => {
    it('sends the confirmation link and says the email changes only when it is opened', async () => {
      mockChangeEmail.mockResolvedValue({
        status: 'SUCCESS',
        message: 'We sent a confirmation link to new@example.com. Your email address changes when you open it.',
      });
      renderSettings();
      const form = await screen.findByRole('form', { name: 'Change email' });
      await userEvent.type(within(form).getByLabelText('New email'), ' new@example.com ');
      await userEvent.type(within(form).getByLabelText('Current password'), 'my password 1');
      await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
      expect(mockChangeEmail).toHaveBeenCalledWith({ newEmail: 'new@example.com', currentPassword: 'my password 1' });
      const status = await within(form).findByRole('status');
      expect(status).toHaveTextContent('We sent a confirmation link to new@example.com.');
      expect(status).toHaveTextContent('Until then, keep signing in with ada@example.com.');
    });

    it('refuses a bad address or the same one before any call; shows a refusal from the server', async () => {
      mockChangeEmail.mockRejectedValue(
        new ApiError('Email is already registered', { code: 'email-taken', status: 409, serverMessage: 'Email is already registered' }),
      );
      renderSettings();
      const form = await screen.findByRole('form', { name: 'Change email' });
      const send = within(form).getByRole('button', { name: 'Send confirmation link' });
      await userEvent.type(within(form).getByLabelText('New email'), 'not-an-email');
      await userEvent.click(send);
      expect(within(form).getByText('Enter a valid email address.')).toBeInTheDocument();
      expect(within(form).getByText('Enter your current password.')).toBeInTheDocument();
      await userEvent.clear(within(form).getByLabelText('New email'));
      await userEvent.type(within(form).getByLabelText('New email'), 'ADA@example.com');
      await userEvent.click(send);
      expect(within(form).getByText('This is already your email address.')).toBeInTheDocument();
      expect(mockChangeEmail).not.toHaveBeenCalled();
      await userEvent.clear(within(form).getByLabelText('New email'));
      await userEvent.type(within(form).getByLabelText('New email'), 'taken@example.com');
      await userEvent.type(within(form).getByLabelText('Current password'), 'my password 1');
      await userEvent.click(send);
      expect(await within(form).findByText('Email is already registered')).toBeInTheDocument();
    });

    it('drops "Email is already registered" when the address is edited, so only the new check shows', async () => {
      mockChangeEmail.mockRejectedValue(
        new ApiError('Email is already registered', { code: 'email-taken', status: 409, serverMessage: 'Email is already registered' }),
      );
      renderSettings();
      const form = await screen.findByRole('form', { name: 'Change email' });
      await userEvent.type(within(form).getByLabelText('New email'), 'taken@example.com');
      await userEvent.type(within(form).getByLabelText('Current password'), 'my password 1');
      await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
      expect(await within(form).findByText('Email is already registered')).toBeInTheDocument();
      await userEvent.clear(within(form).getByLabelText('New email'));
      expect(within(form).queryByText('Email is already registered')).not.toBeInTheDocument();
      await userEvent.type(within(form).getByLabelText('New email'), 'ada@example.com');
      await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
      expect(within(form).getByText('This is already your email address.')).toBeInTheDocument();
      expect(within(form).queryByText('Email is already registered')).not.toBeInTheDocument();
    });
  });
});
