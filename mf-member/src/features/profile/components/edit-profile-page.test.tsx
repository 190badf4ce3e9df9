import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, getAboutProfile, MESSAGES, tokenStore, updateProfile } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { EditProfilePage } from './edit-profile-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getAboutProfile: jest.fn(),
  updateProfile: jest.fn(),
}));
const mockGetAbout = getAboutProfile as jest.MockedFunction<typeof getAboutProfile>;
const mockUpdate = updateProfile as jest.MockedFunction<typeof updateProfile>;

const about = { first_name: 'Ada', last_name: 'Lovelace', title: 'Founder', slogan: 'Click in order', about: 'I <3 links' };
const renderEdit = () => renderPage(<EditProfilePage />, { path: '/editprofile', url: '/editprofile' });

beforeEach(() => {
  sessionStorage.clear(); // issue 29: one test's unsent text would come back in the next as a draft
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
});

describe('EditProfilePage', () => {
  it('prefills the form from the saved profile', async () => {
    mockGetAbout.mockResolvedValue(about);
    renderEdit();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Title')).toHaveValue('Founder');
    expect(screen.getByLabelText('Slogan')).toHaveValue('Click in order');
    expect(screen.getByLabelText('About')).toHaveValue('I <3 links');
  });

  it("shows 'Failed to load profile data.' when the profile cannot be loaded, and retries", async () => {
    mockGetAbout
      .mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }))
      .mockResolvedValueOnce(about);
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile data.');
    expect(screen.queryByRole('button', { name: 'Save profile' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  });

  it('says the service is temporarily unavailable on a 503, and Retry recovers', async () => {
    mockGetAbout
      .mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'unknown', status: 503 }))
      .mockResolvedValueOnce(about);
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unavailable);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  });

  it('saves the edited fields and shows the server message', async () => {
    mockGetAbout.mockResolvedValue(about);
    let finish: (v: { message: string }) => void = () => {};
    mockUpdate.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderEdit();
    const slogan = await screen.findByLabelText('Slogan');
    await userEvent.clear(slogan);
    await userEvent.type(slogan, 'New slogan');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(mockUpdate).toHaveBeenCalledWith({
      first_name: 'Ada',
      last_name: 'Lovelace',
      title: 'Founder',
      slogan: 'New slogan',
      about: 'I <3 links',
    });
    finish({ message: 'Profile updated successfully' });
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    // The toast can paint a frame before the button's state does (seen on a loaded machine): wait for it.
    expect(await screen.findByRole('button', { name: 'Save profile' })).toBeEnabled();
  });

  it("keeps the member's typing and shows 'Failed to update profile.' when saving fails", async () => {
    mockGetAbout.mockResolvedValue(about);
    mockUpdate.mockRejectedValue(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
    renderEdit();
    const aboutField = await screen.findByLabelText('About');
    await userEvent.clear(aboutField);
    await userEvent.type(aboutField, 'Long story');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Failed to update profile.')).toBeInTheDocument();
    expect(screen.getByLabelText('About')).toHaveValue('Long story');
  });

  it('requires a first and last name before saving', async () => {
    mockGetAbout.mockResolvedValue(about);
    renderEdit();
    await userEvent.clear(await screen.findByLabelText('First name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(mockUpdate).not.toHaveBeenCalled();
  });

  it('an unsent edit comes back over the saved profile after the page is left (an ended session), and goes once saved (issue 29)', async () => {
    mockGetAbout.mockResolvedValue(about);
    mockUpdate.mockResolvedValue({ message: 'Profile updated successfully' } as never);
    const first = renderEdit();
    const slogan = await screen.findByLabelText('Slogan');
    await userEvent.clear(slogan);
    await userEvent.type(slogan, 'Typed before the session ended');
    first.unmount();
    renderEdit();
    expect(await screen.findByLabelText('Slogan')).toHaveValue('Typed before the session ended');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada'); // the rest is the saved profile
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });
});
