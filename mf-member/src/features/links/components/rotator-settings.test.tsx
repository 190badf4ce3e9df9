import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, getRotatorSettings, tokenStore, updateRotatorSettings, type RotatorSettings } from '@rotalink/shared-api';
import { applyStylesheets } from '@rotalink/build-config/test-stylesheets';
import { renderPage } from '../../../test-utils/render-page';
import { RotatorSettingsSection } from './rotator-settings';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getRotatorSettings: jest.fn(),
  updateRotatorSettings: jest.fn(),
}));
const mockGet = getRotatorSettings as jest.MockedFunction<typeof getRotatorSettings>;
const mockPut = updateRotatorSettings as jest.MockedFunction<typeof updateRotatorSettings>;

const saved: RotatorSettings = {
  rotator_url: 'https://api.example.com/r/u_member1',
  mode: 'fulfillment',
  on_finish: 'page',
  backup_url: null,
  unique_window_hours: 0,
  filter_bots: true,
  notify_link_completed: true,
  notify_queue_empty: true,
};

const WINDOW_MESSAGE = 'Unique window (hours) must be a whole number from 0 to 720.';
const BACKUP_MESSAGE = 'Enter a backup URL, or choose another option for when the queue is finished.';

const renderSection = () =>
  renderPage(<RotatorSettingsSection userId="u_member1" />, { path: '/Addlinks', url: '/Addlinks?userId=u_member1' });
const section = () => screen.getByRole('region', { name: 'Rotator link' });
const form = () => screen.getByRole('form', { name: 'Rotator settings' });

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  mockGet.mockResolvedValue(saved);
});

describe('RotatorSettingsSection', () => {
  it('loads, then shows the rotator link with Copy and the mode with its sentence', async () => {
    renderSection();
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading rotator settings…');
    expect(await screen.findByRole('link', { name: saved.rotator_url })).toHaveAttribute('href', saved.rotator_url);
    expect(mockGet).toHaveBeenCalledWith('u_member1');
    expect(within(section()).getByRole('button', { name: 'Copy rotator link' })).toBeInTheDocument();
    const mode = within(form()).getByLabelText('Rotation mode');
    expect(mode).toHaveValue('fulfillment');
    expect(mode).toHaveAccessibleDescription(
      'Every visitor goes to the first link of the queue until it reaches its max clicks, then to the next one.',
    );
    await userEvent.selectOptions(mode, 'spillover');
    expect(mode).toHaveAccessibleDescription(
      "A visitor's first visit goes to the first open link, their next visit to the second, and so on.",
    );
    // Issue 30: the optimize mode says what it does, that it keeps testing every link and keeps the caps.
    await userEvent.selectOptions(mode, 'Optimize for earnings');
    expect(mode).toHaveAccessibleDescription(/earns the most per click.*at least 5% of the visitors.*max clicks are never exceeded/);
    expect(within(form()).getByRole('radio', { name: 'Send visitors to my public page' })).toBeChecked();
    expect(within(form()).getByRole('checkbox', { name: 'Do not count bots, link previews and prefetches' })).toBeChecked();
    expect(within(form()).getByLabelText('Unique window (hours)')).toHaveValue('0');
  });

  it('shows a switch that the server holds off as off', async () => {
    mockGet.mockResolvedValue({ ...saved, notify_link_completed: false });
    renderSection();
    const mails = await screen.findByRole('group', { name: 'Mail me when' });
    expect(within(mails).getByRole('checkbox', { name: 'A link reaches its max clicks' })).not.toBeChecked();
    expect(within(mails).getByRole('checkbox', { name: 'The queue becomes empty' })).toBeChecked();
  });

  it('saves every choice and shows the server’s message', async () => {
    mockPut.mockResolvedValue({
      message: 'Rotator settings saved',
      settings: {
        ...saved,
        mode: 'round_robin',
        on_finish: 'backup',
        backup_url: 'https://www.b.example.com',
        unique_window_hours: 24,
        filter_bots: false,
        notify_queue_empty: false,
      },
    });
    renderSection();
    await screen.findByRole('form', { name: 'Rotator settings' });
    await userEvent.selectOptions(within(form()).getByLabelText('Rotation mode'), 'round_robin');
    await userEvent.click(within(form()).getByRole('radio', { name: 'Send visitors to a backup URL' }));
    await userEvent.type(within(form()).getByLabelText('Backup URL'), 'www.b.example.com');
    const windowField = within(form()).getByLabelText('Unique window (hours)');
    await userEvent.clear(windowField);
    await userEvent.type(windowField, '24');
    await userEvent.click(within(form()).getByRole('checkbox', { name: /Do not count bots/ }));
    // Issue 16: the owner's two mails, each with its switch in a "Mail me when" group.
    const mails = within(form()).getByRole('group', { name: 'Mail me when' });
    expect(within(mails).getByRole('checkbox', { name: 'A link reaches its max clicks' })).toBeChecked();
    await userEvent.click(within(mails).getByRole('checkbox', { name: 'The queue becomes empty' }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Save rotator settings' }));
    expect(mockPut).toHaveBeenCalledWith({
      user_id: 'u_member1',
      mode: 'round_robin',
      on_finish: 'backup',
      backup_url: 'www.b.example.com',
      unique_window_hours: 24,
      filter_bots: false,
      notify_link_completed: true,
      notify_queue_empty: false,
    });
    expect(await screen.findByText('Rotator settings saved')).toBeInTheDocument();
    expect(within(mails).getByRole('checkbox', { name: 'The queue becomes empty' })).not.toBeChecked();
    // The form now shows what the server stored ('www.' became 'https://www.').
    await waitFor(() => expect(within(form()).getByLabelText('Backup URL')).toHaveValue('https://www.b.example.com'));
  });

  it('checks the backup URL and the window in the browser before sending', async () => {
    renderSection();
    await screen.findByRole('form', { name: 'Rotator settings' });
    expect(within(form()).queryByLabelText('Backup URL')).not.toBeInTheDocument();
    await userEvent.click(within(form()).getByRole('radio', { name: 'Send visitors to a backup URL' }));
    const windowField = within(form()).getByLabelText('Unique window (hours)');
    await userEvent.clear(windowField);
    await userEvent.type(windowField, '721');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save rotator settings' }));
    expect(within(form()).getByLabelText('Backup URL')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a backup URL, or choose another option for when the queue is finished.'),
    );
    expect(within(form()).queryByText(/on finish is/)).not.toBeInTheDocument();
    expect(windowField).toHaveAccessibleDescription(expect.stringContaining('Unique window (hours) must be a whole number from 0 to 720.'));
    await userEvent.type(within(form()).getByLabelText('Backup URL'), 'http://plain.example.com');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save rotator settings' }));
    expect(within(form()).getByLabelText('Backup URL')).toHaveAccessibleDescription(
      expect.stringContaining("Backup URL must start with 'https://' or 'www.'"),
    );
    expect(mockPut).not.toHaveBeenCalled();
  });

  it('saves the rest when a left-over backup URL is invalid but not the chosen finish, without sending it', async () => {
    mockPut.mockResolvedValue({ message: 'Rotator settings saved', settings: { ...saved, mode: 'spillover' } });
    renderSection();
    await screen.findByRole('form', { name: 'Rotator settings' });
    await userEvent.click(within(form()).getByRole('radio', { name: 'Send visitors to a backup URL' }));
    await userEvent.type(within(form()).getByLabelText('Backup URL'), 'example.com/x');
    await userEvent.click(within(form()).getByRole('radio', { name: 'Send visitors to my public page' }));
    await userEvent.selectOptions(within(form()).getByLabelText('Rotation mode'), 'spillover');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save rotator settings' }));
    expect(within(form()).queryByText("Backup URL must start with 'https://' or 'www.'")).not.toBeInTheDocument();
    // only sent fields change: leaving backup_url out keeps the server's stored one
    expect(mockPut).toHaveBeenCalledTimes(1);
    expect(mockPut.mock.calls[0][0]).toEqual({
      user_id: 'u_member1',
      mode: 'spillover',
      on_finish: 'page',
      unique_window_hours: 0,
      filter_bots: true,
      notify_link_completed: true,
      notify_queue_empty: true,
    });
    expect(await screen.findByText('Rotator settings saved')).toBeInTheDocument();
  });

  it('does not clear the stored backup URL when its field is emptied while another finish is chosen', async () => {
    mockGet.mockResolvedValue({ ...saved, backup_url: 'https://b.example.com' });
    mockPut.mockResolvedValue({ message: 'Rotator settings saved', settings: { ...saved, backup_url: 'https://b.example.com' } });
    renderSection();
    await screen.findByRole('form', { name: 'Rotator settings' });
    await userEvent.clear(within(form()).getByLabelText(/Backup URL/));
    await userEvent.click(within(form()).getByRole('button', { name: 'Save rotator settings' }));
    expect(mockPut).toHaveBeenCalledTimes(1);
    expect(mockPut.mock.calls[0][0]).not.toHaveProperty('backup_url');
  });

  it('moves the focus to the first invalid field when it refuses to send', async () => {
    renderSection();
    await screen.findByRole('form', { name: 'Rotator settings' });
    await userEvent.click(within(form()).getByRole('radio', { name: 'Send visitors to a backup URL' }));
    const windowField = within(form()).getByLabelText('Unique window (hours)');
    await userEvent.clear(windowField);
    await userEvent.type(windowField, '721');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save rotator settings' }));
    expect(within(form()).getByLabelText('Backup URL')).toHaveFocus();
    await userEvent.type(within(form()).getByLabelText('Backup URL'), 'www.b.example.com');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save rotator settings' }));
    expect(windowField).toHaveFocus();
    expect(windowField).toHaveAccessibleDescription(expect.stringContaining(WINDOW_MESSAGE));
    expect(mockPut).not.toHaveBeenCalled();
  });

  it('drops a field’s message and red border as soon as the field is edited', async () => {
    renderSection();
    await screen.findByRole('form', { name: 'Rotator settings' });
    const windowField = within(form()).getByLabelText('Unique window (hours)');
    await userEvent.clear(windowField);
    await userEvent.type(windowField, '721');
    await userEvent.click(within(form()).getByRole('radio', { name: 'Send visitors to a backup URL' }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Save rotator settings' }));
    expect(windowField).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByText(WINDOW_MESSAGE)).toBeInTheDocument();

    await userEvent.clear(windowField);
    await userEvent.type(windowField, '24');
    expect(within(form()).queryByText(WINDOW_MESSAGE)).not.toBeInTheDocument();
    expect(windowField).not.toHaveAttribute('aria-invalid');
    expect(windowField).toHaveAccessibleDescription(expect.not.stringContaining('must be a whole number'));
    // the backup URL's message is untouched by that edit, and goes when another choice makes it moot
    expect(within(form()).getByText(BACKUP_MESSAGE)).toBeInTheDocument();
    await userEvent.click(within(form()).getByRole('radio', { name: 'Send visitors to my public page' }));
    await userEvent.click(within(form()).getByRole('radio', { name: 'Send visitors to a backup URL' }));
    expect(within(form()).getByLabelText('Backup URL')).not.toHaveAttribute('aria-invalid');
    expect(within(form()).queryByText(BACKUP_MESSAGE)).not.toBeInTheDocument();
    expect(mockPut).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal next to the form and keeps what was chosen', async () => {
    mockPut.mockRejectedValue(
      new ApiError('Mode is not one of the allowed values.', {
        code: 'invalid',
        status: 400,
        serverMessage: 'Mode is not one of the allowed values.',
      }),
    );
    renderSection();
    await screen.findByRole('form', { name: 'Rotator settings' });
    await userEvent.selectOptions(within(form()).getByLabelText('Rotation mode'), 'random');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save rotator settings' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Mode is not one of the allowed values.');
    expect(within(form()).getByLabelText('Rotation mode')).toHaveValue('random');
    expect(within(form()).getByRole('button', { name: 'Save rotator settings' })).toBeEnabled();
  });

  it('keeps every radio and checkbox 20 × 20 px beside a long label on a phone', async () => {
    const removeStyles = applyStylesheets(path.join(__dirname, '../../../components/mem.css'));
    try {
      renderSection();
      await screen.findByRole('form', { name: 'Rotator settings' });
      const controls = [...within(form()).getAllByRole('radio'), ...within(form()).getAllByRole('checkbox')];
      expect(controls).toHaveLength(6);
      // jsdom does no layout: assert the rules that keep a flex row from squeezing the box to 13 px
      for (const control of controls) {
        const style = getComputedStyle(control);
        expect([style.width, style.height, style.flexShrink]).toEqual(['20px', '20px', '0']);
        // beside a label of two lines or more, it sits on the first line rather than in the middle
        expect(getComputedStyle(control.closest('label')!).alignItems).toBe('flex-start');
      }
    } finally {
      removeStyles();
    }
  });

  it('a failed load says so, and Retry loads again', async () => {
    mockGet.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'network' }));
    renderSection();
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Failed to load the rotator settings.');
    await userEvent.click(within(section()).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Rotator settings' })).toBeInTheDocument();
    expect(mockGet).toHaveBeenCalledTimes(2);
  });
});
