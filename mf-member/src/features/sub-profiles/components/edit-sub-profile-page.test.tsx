import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, getProfile, getSubProfile, tokenStore, updateSubProfile } from '@rotalink/shared-api';
import { makeSub, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { EditSubProfilePage } from './edit-sub-profile-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getSubProfile: jest.fn(),
  updateSubProfile: jest.fn(),
  getProfile: jest.fn(),
}));
const mockProfile = getProfile as jest.MockedFunction<typeof getProfile>;
const mockGet = getSubProfile as jest.MockedFunction<typeof getSubProfile>;
const mockUpdate = updateSubProfile as jest.MockedFunction<typeof updateSubProfile>;

const renderEdit = (url = '/editsubprofile?userId=s_sub1') => renderPage(<EditSubProfilePage />, { path: '/editsubprofile', url });
const sub = makeSub({ title: 'Coach', slogan: 'Go', about: 'Bio' });

beforeEach(() => {
  sessionStorage.clear(); // issue 29: one test's unsent text would come back in the next as a draft
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  mockProfile.mockResolvedValue(makeUser({ user_id: 'u_member' }));
});

describe('EditSubProfilePage', () => {
  it('loads the sub-profile named in the address and prefills every field, password blank', async () => {
    mockGet.mockResolvedValue({ status: 'SUCCESS', subProfiles: [sub] });
    renderEdit();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the sub-profile…');
    expect(await screen.findByLabelText('First name')).toHaveValue('Bob');
    expect(mockGet).toHaveBeenCalledWith('s_sub1');
    expect(screen.getByLabelText('Last name')).toHaveValue('Builder');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0100');
    expect(screen.getByLabelText(/Email/)).toHaveValue('bob@example.com');
    expect(screen.getByLabelText('Title')).toHaveValue('Coach');
    expect(screen.getByLabelText('Slogan')).toHaveValue('Go');
    expect(screen.getByLabelText('About')).toHaveValue('Bio');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
    expect(screen.getByText(/Leave blank to keep the current password/)).toBeInTheDocument();
  });

  it("shows 'Unauthorized. Please login.' without a token, and when the server refuses the token (401)", async () => {
    tokenStore.clear();
    const { unmount } = renderEdit();
    expect(screen.getByRole('alert')).toHaveTextContent('Unauthorized. Please login.');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    unmount();

    tokenStore.setSession('member-token');
    mockGet.mockRejectedValue(new ApiError('Token is missing', { code: 'token-missing', status: 401, serverMessage: 'Token is missing' }));
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthorized. Please login.');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("says 'This profile no longer exists.' for a deleted sub-profile (404), with the way back and no Retry", async () => {
    mockGet.mockRejectedValue(new ApiError('User not found.', { code: 'not-found', status: 404, serverMessage: 'User not found.' }));
    renderEdit('/editsubprofile?userId=s_deleted');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This profile no longer exists.');
    expect(alert).not.toHaveTextContent('Failed to load profile data');
    expect(within(alert).getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/user');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sub-profile' })).not.toBeInTheDocument();
  });

  it("says 'This profile is not one of yours.' for another member's id (403), as the links and Stats pages do", async () => {
    const notYours = 'You can only manage your own profile and sub-profiles.';
    mockGet.mockRejectedValue(new ApiError(notYours, { code: 'forbidden', status: 403, serverMessage: notYours }));
    renderEdit('/editsubprofile?userId=u_stranger');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This profile is not one of yours.');
    expect(alert).not.toHaveTextContent('Unauthorized. Please login.');
    expect(screen.queryByRole('link', { name: 'Go to login' })).not.toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/user');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sub-profile' })).not.toBeInTheDocument();
  });

  it('the member’s own id (also a 403 from the server) points to Edit profile, not to someone else’s profile', async () => {
    const notSub = 'This is not a sub-profile.';
    mockGet.mockRejectedValue(new ApiError(notSub, { code: 'forbidden', status: 403, serverMessage: notSub }));
    mockProfile.mockResolvedValue(makeUser({ user_id: 'u_me' }));
    renderEdit('/editsubprofile?userId=u_me');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This is your own profile, not a sub-profile.');
    expect(alert).not.toHaveTextContent('This profile is not one of yours.');
    expect(within(alert).getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/editprofile');
  });

  it("shows 'Failed to load profile data' when loading fails or finds nothing", async () => {
    mockGet
      .mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }))
      .mockResolvedValueOnce({ status: 'SUCCESS', subProfiles: [] });
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile data');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to load profile data')).toBeInTheDocument();
    expect(mockGet).toHaveBeenCalledTimes(2);
  });

  it('says so when no sub-profile is named in the address', () => {
    renderEdit('/editsubprofile');
    expect(screen.getByRole('alert')).toHaveTextContent('No sub-profile was chosen.');
    expect(mockGet).not.toHaveBeenCalled();
  });

  it('sends every field with the userId (blank password = unchanged), toasts and returns to /user', async () => {
    mockGet.mockResolvedValue({ status: 'SUCCESS', subProfiles: [sub] });
    mockUpdate.mockResolvedValue({ status: 'SUCCESS', message: 'Sub-profile updated successfully' });
    renderEdit();
    const phone = await screen.findByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(mockUpdate).toHaveBeenCalledWith({
      userId: 's_sub1',
      first_name: 'Bob',
      last_name: 'Builder',
      email: 'bob@example.com',
      phone: '555-0199',
      title: 'Coach',
      slogan: 'Go',
      about: 'Bio',
      password: '',
    });
    expect(await screen.findByText('Sub-profile updated successfully')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user');
  });

  it("requires the phone and shows 'Update failed' (typing kept) when saving fails", async () => {
    mockGet.mockResolvedValue({ status: 'SUCCESS', subProfiles: [sub] });
    mockUpdate.mockRejectedValue(
      new ApiError('Email already in use', { code: 'email-taken', status: 409, serverMessage: 'Email already in use' }),
    );
    renderEdit();
    const phone = await screen.findByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Phone is required.')).toBeInTheDocument();
    expect(mockUpdate).not.toHaveBeenCalled();

    await userEvent.type(phone, '555');
    await userEvent.type(screen.getByLabelText('Slogan'), ' on');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Update failed'); // the toast
    const form = screen.getByRole('form', { name: 'Sub-profile' });
    expect(within(form).getByText('Update failed')).toBeInTheDocument();
    expect(within(form).getByText('Email already in use')).toBeInTheDocument();
    expect(screen.getByLabelText('Slogan')).toHaveValue('Go on');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it("shows 'Unauthorized. Please login.' when saving is refused with 401", async () => {
    mockGet.mockResolvedValue({ status: 'SUCCESS', subProfiles: [sub] });
    mockUpdate.mockRejectedValue(
      new ApiError('Token is missing', { code: 'token-missing', status: 401, serverMessage: 'Token is missing' }),
    );
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthorized. Please login.');
  });

  it('an unsent edit of a sub-profile comes back over its saved data after the page is left, and only for that sub-profile (issue 29)', async () => {
    mockGet.mockResolvedValue({ status: 'SUCCESS', subProfiles: [sub] });
    const first = renderEdit();
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Head coach');
    first.unmount();
    const second = renderEdit();
    expect(await screen.findByLabelText('Title')).toHaveValue('Head coach');
    second.unmount();
    renderEdit('/editsubprofile?userId=s_sub2');
    expect(await screen.findByLabelText('Title')).toHaveValue('Coach');
  });
});
