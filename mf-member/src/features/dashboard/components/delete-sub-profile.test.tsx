import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, getRotatorSettings, deleteSubProfile, getProfile, getSubProfiles, tokenStore } from '@rotalink/shared-api';
import { getStatsProfiles } from '@rotalink/shared-api/live';
import { makeRotatorSettings, makeSub, makeUser } from '../../../test-utils/fixtures';
import { live, makeProfiles } from '../../../test-utils/stats-fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { DashboardPage } from './dashboard-page';

jest.mock('../../../components/qr-codes/qr-render', () => jest.requireActual('../../../test-utils/fixtures').fakeQrRender);
jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  ...jest.requireActual('../../../test-utils/section-stubs').sharedApiSections(),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getRotatorSettings: jest.fn(),
  deleteSubProfile: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getStatsProfiles: jest.fn(),
}));
const mockSubs = getSubProfiles as jest.MockedFunction<typeof getSubProfiles>;
const mockDelete = deleteSubProfile as jest.MockedFunction<typeof deleteSubProfile>;

const bob = makeSub();
const eve = makeSub({ user_id: 's_sub2', first_name: 'Eve', last_name: 'Example' });

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  (getRotatorSettings as jest.Mock).mockResolvedValue(makeRotatorSettings());
  (getStatsProfiles as jest.Mock).mockResolvedValue(live(makeProfiles({})));
  (getProfile as jest.Mock).mockResolvedValue(makeUser());
  mockSubs.mockResolvedValue({ subProfiles: [bob, eve] });
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => confirmSpy.mockRestore());

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('Dashboard: deleting a sub-profile', () => {
  it('asks first, and does nothing when the member cancels', async () => {
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await screen.findByRole('table');
    confirmSpy.mockReturnValueOnce(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bob Builder' }));
    expect(confirmSpy).toHaveBeenCalledWith(
      expect.stringMatching(/Delete the sub-profile "Bob Builder"\? Its public page and all its links are deleted too/),
    );
    expect(mockDelete).not.toHaveBeenCalled();
  });

  it('deletes on confirm, says so, and the row leaves the table', async () => {
    let finish: (v: { status: 'SUCCESS'; message: string }) => void = () => {};
    mockDelete.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bob Builder' }));
    expect(mockDelete).toHaveBeenCalledWith('s_sub1');
    expect(within(rowOf('Bob Builder')).getByRole('button', { name: 'Delete Bob Builder' })).toHaveTextContent('Deleting…');
    expect(screen.getByRole('button', { name: 'Delete Bob Builder' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Eve Example' })).toBeEnabled();
    mockSubs.mockResolvedValueOnce({ subProfiles: [eve] });
    finish({ status: 'SUCCESS', message: 'Sub-profile deleted successfully' });
    expect(await screen.findByText('Sub-profile deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Bob Builder' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Eve Example' })).toBeInTheDocument();
  });

  it("shows the server's reason when the delete is refused, and keeps the row", async () => {
    mockDelete.mockRejectedValue(
      new ApiError('Only the member can delete a sub-profile.', {
        code: 'forbidden',
        status: 403,
        serverMessage: 'Only the member can delete a sub-profile.',
      }),
    );
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Eve Example' }));
    expect(await screen.findByText('Only the member can delete a sub-profile.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Eve Example' })).toBeEnabled();
    expect(rowOf('Eve Example')).toBeInTheDocument();
  });

  it('links to the account settings', async () => {
    renderPage(<DashboardPage />, { path: '/user', url: '/user' });
    expect(await screen.findByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account');
  });
});
