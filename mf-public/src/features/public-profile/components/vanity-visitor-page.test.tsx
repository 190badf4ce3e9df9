import { screen } from '@testing-library/react';
import { ApiError, getPublicLinks, getPublicProfile, resolveHandle, resolveHost } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { PublicProfilePage } from './public-profile-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getPublicProfile: jest.fn(),
  getPublicLinks: jest.fn(),
  resolveHandle: jest.fn(),
  resolveHost: jest.fn(),
}));
const notFound = () => new ApiError('User not found.', { code: 'not-found', status: 404, serverMessage: 'User not found.' });

beforeEach(() => {
  jest.clearAllMocks();
  (getPublicProfile as jest.Mock).mockResolvedValue({ title: 'Page of Ada', first_name: 'Ada', last_name: 'L', slogan: '', about: '' });
  (getPublicLinks as jest.Mock).mockResolvedValue({ pending: [], completed: [] });
});

describe('the visitor page by handle and by host (issue 32)', () => {
  it('/{handle} shows the profile the handle names', async () => {
    (resolveHandle as jest.Mock).mockResolvedValue({ user_id: 'u_ada', handle: 'ada' });
    renderPage(<PublicProfilePage handle="ada" />, { path: '/:handle', url: '/ada' });
    expect(await screen.findByRole('heading', { name: 'Page of Ada' })).toBeInTheDocument();
    expect(getPublicProfile).toHaveBeenCalledWith('u_ada');
  });

  it('an old handle moves the address to the current one; an unknown one goes to / (spec §2)', async () => {
    (resolveHandle as jest.Mock).mockResolvedValue({ user_id: 'u_ada', handle: 'ada-new' });
    const first = renderPage(<PublicProfilePage handle="ada-old" />, { path: '/ada-old', url: '/ada-old' });
    expect(await screen.findByRole('heading', { name: 'Landed on /ada-new' })).toBeInTheDocument();
    first.unmount();
    (resolveHandle as jest.Mock).mockRejectedValue(notFound());
    renderPage(<PublicProfilePage handle="nobody" />, { path: '/nobody', url: '/nobody' });
    expect(await screen.findByRole('heading', { name: 'Landed on /' })).toBeInTheDocument();
  });

  it('on a custom host the page is found by host; an unknown host gets a neutral page with no link', async () => {
    (resolveHost as jest.Mock).mockResolvedValueOnce({ user_id: 'u_ada', handle: null });
    const first = renderPage(<PublicProfilePage host="go.example.com" />, { path: '/', url: '/' });
    expect(await screen.findByRole('heading', { name: 'Page of Ada' })).toBeInTheDocument();
    expect(resolveHost).toHaveBeenCalledWith('go.example.com');
    first.unmount();
    (resolveHost as jest.Mock).mockRejectedValue(notFound());
    renderPage(<PublicProfilePage host="gone.example.com" />, { path: '/', url: '/' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
