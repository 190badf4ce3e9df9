import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, tokenStore, type Session } from '@rotalink/shared-api';
import { listSessions, revokeOtherSessions, revokeSession } from '@rotalink/shared-api/live';
import { renderPage } from '../../../test-utils/render-page';
import { SessionsPanel } from './sessions-panel';

jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  listSessions: jest.fn(),
  revokeSession: jest.fn(),
  revokeOtherSessions: jest.fn(),
}));
jest.setTimeout(30_000);

const mockList = listSessions as jest.MockedFunction<typeof listSessions>;
const mockRevoke = revokeSession as jest.MockedFunction<typeof revokeSession>;
const mockOthers = revokeOtherSessions as jest.MockedFunction<typeof revokeOtherSessions>;

const session = (over: Partial<Session>): Session => ({
  id: 's1',
  device: 'Chrome on Android',
  place: null,
  created_at: '2026-11-01T10:00:00.000Z',
  last_seen_at: '2026-11-02T10:00:00.000Z',
  current: false,
  ...over,
});
const here = session({ id: 'here', device: 'Firefox on Linux', current: true });
const phone = session({ id: 'phone', device: 'Chrome on Android', place: 'DE' });
const laptop = session({ id: 'laptop', device: 'Safari on macOS' });

const renderPanel = () => renderPage(<SessionsPanel />, { path: '/account', url: '/account' });

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('this-device-token');
});

describe('SessionsPanel', () => {
  it('lists each session with its device and place, this one marked and without a sign-out of its own', async () => {
    mockList.mockResolvedValue({ sessions: [here, phone, laptop] });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual(['Firefox on Linux', 'Chrome on Android', 'Safari on macOS']);
    expect(within(items[0]).getByText('This device')).toBeInTheDocument();
    expect(within(items[0]).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent(/^Chrome on AndroidDE · Signed in/);
    expect(items[2]).not.toHaveTextContent('DE ·');
  });

  it('"Sign out" ends that one session and reloads the list', async () => {
    mockList.mockResolvedValueOnce({ sessions: [here, phone, laptop] }).mockResolvedValue({ sessions: [here, laptop] });
    mockRevoke.mockResolvedValue({ message: 'Signed out of that session.' });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Chrome on Android' }));
    expect(mockRevoke).toHaveBeenCalledWith('phone');
    expect(await screen.findByText('Signed out of that session.')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Sign out Safari on macOS' });
    expect(screen.queryByRole('button', { name: 'Sign out Chrome on Android' })).toBeNull();
    expect(tokenStore.getToken()).toBe('this-device-token');
  });

  it('"Sign out everywhere else" keeps this device (a new token only when the server sends one)', async () => {
    mockList.mockResolvedValueOnce({ sessions: [here, phone, laptop] }).mockResolvedValue({ sessions: [here] });
    mockOthers.mockResolvedValueOnce({ message: 'Signed out everywhere else.', ended: 2, token: null });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out everywhere else.')).toBeInTheDocument();
    expect(tokenStore.getToken()).toBe('this-device-token');
    // Alone now: nothing left to sign out.
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('stores the fresh token a pre-session sign-in gets back', async () => {
    mockList.mockResolvedValue({ sessions: [here, phone] });
    mockOthers.mockResolvedValue({ message: 'Signed out everywhere else.', ended: 1, token: 'fresh-token' });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    await screen.findByText('Signed out everywhere else.');
    expect(tokenStore.getToken()).toBe('fresh-token');
  });

  it('says so when signing out fails, and keeps the list', async () => {
    mockList.mockResolvedValue({ sessions: [here, phone] });
    mockRevoke.mockRejectedValue(
      new ApiError('Session not found.', { code: 'not-found', status: 404, serverMessage: 'Session not found.' }),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Chrome on Android' }));
    expect(await screen.findByText('Session not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out Chrome on Android' })).toBeEnabled();
  });
});
