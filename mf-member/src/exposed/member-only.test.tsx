import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAboutProfile, getMemberLinks, getProfile, getSubProfiles, tokenStore } from '@rotalink/shared-api';
import AddLinks from './add-links';
import AddProfile from './add-profile';
import Dashboard from './dashboard';
import EditProfile from './edit-profile';
import EditSubProfile from './edit-sub-profile';
import { makeUser } from '../test-utils/fixtures';
import { renderPage } from '../test-utils/render-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  ...jest.requireActual('../test-utils/section-stubs').sharedApiSections(),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getAboutProfile: jest.fn(),
  getMemberLinks: jest.fn(),
  // The pages' side sections: never answered here (their own tests cover them).
  getRotatorSettings: jest.fn(() => new Promise(() => {})),
}));
// Issue 15's live polls: never answered here (their own tests cover them).
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  ...jest.requireActual('../test-utils/section-stubs').liveSections(),
  pollMemberLinks: jest.fn(() => new Promise(() => {})),
  getStatsProfiles: jest.fn(() => new Promise(() => {})),
}));
const mockGetProfile = jest.mocked(getProfile);

beforeEach(() => {
  jest.clearAllMocks();
  mockGetProfile.mockResolvedValue(makeUser());
  jest.mocked(getSubProfiles).mockResolvedValue({ subProfiles: [] });
});
afterEach(() => tokenStore.clear());

/**
 * Issue 13: an admin who opens /user saw 'Failed to load profile data.' with a Retry that could
 * never work. The member pages now tell an admin where their console is, and call nothing.
 */
describe('an admin on a member page', () => {
  beforeEach(() => tokenStore.setSession('admin-token', { admin: true }));

  it('/user says this is the member area and leads to the admin console', async () => {
    renderPage(<Dashboard />, { path: '/user', url: '/user' });
    expect(screen.getByRole('heading', { level: 1, name: 'Member area' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are signed in as the administrator.');
    expect(screen.queryByText('Failed to load profile data.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(document.title).toBe('Member area · Rotalink');

    await userEvent.click(screen.getByRole('link', { name: 'Go to the admin console' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin_dashboard');
    expect(mockGetProfile).not.toHaveBeenCalled();
  });

  it.each([
    ['/editprofile', EditProfile, '/editprofile'],
    ['/addprofile', AddProfile, '/addprofile'],
    ['/editsubprofile', EditSubProfile, '/editsubprofile?userId=s1'],
    ['/Addlinks', AddLinks, '/Addlinks?userId=u1'],
  ])('%s does the same, without calling the member API', (path, Page, url) => {
    renderPage(<Page />, { path, url });
    expect(screen.getByRole('link', { name: 'Go to the admin console' })).toHaveAttribute('href', '/admin_dashboard');
    expect(mockGetProfile).not.toHaveBeenCalled();
    expect(getAboutProfile).not.toHaveBeenCalled();
    expect(getMemberLinks).not.toHaveBeenCalled();
  });
});

describe('a member', () => {
  it('gets their dashboard, titled "Dashboard · Rotalink"', async () => {
    tokenStore.setSession('member-token');
    renderPage(<Dashboard />, { path: '/user', url: '/user' });
    expect(await screen.findByText(/Welcome, Ada Lovelace/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the admin console' })).not.toBeInTheDocument();
    expect(document.title).toBe('Dashboard · Rotalink');
  });

  it('titles the other pages too: "Add a sub-profile", and the links page with whose links they are', async () => {
    tokenStore.setSession('member-token');
    const { unmount } = renderPage(<AddProfile />, { path: '/addprofile', url: '/addprofile' });
    expect(document.title).toBe('Add a sub-profile · Rotalink');
    unmount();
    jest.mocked(getMemberLinks).mockResolvedValue({ pending: [], paused: [], completed: [] });
    renderPage(<AddLinks />, { path: '/Addlinks', url: '/Addlinks?userId=u_member1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(document.title).toBe('Links: Ada Lovelace · Rotalink');
  });
});
