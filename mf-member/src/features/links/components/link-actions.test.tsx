import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, deleteLink, getMemberLinks, getProfile, getSubProfiles, resetLink, tokenStore } from '@rotalink/shared-api';
import { makeLink, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { AddLinksPage } from './add-links-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  ...jest.requireActual('../../../test-utils/section-stubs').sharedApiSections(),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getMemberLinks: jest.fn(),
  resetLink: jest.fn(),
  deleteLink: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  ...jest.requireActual('../../../test-utils/section-stubs').liveSections(),
}));
const mockLinks = getMemberLinks as jest.MockedFunction<typeof getMemberLinks>;
const mockReset = resetLink as jest.MockedFunction<typeof resetLink>;
const mockDelete = deleteLink as jest.MockedFunction<typeof deleteLink>;

const done = makeLink({ id: 'l9', name: 'Done deal', clicks: 5, max_clicks: 5 });
const live = makeLink({ id: 'l1', name: 'Live one', clicks: 1, max_clicks: 5 });

async function renderReady() {
  renderPage(<AddLinksPage />, { path: '/Addlinks', url: '/Addlinks?userId=s_sub1' });
  await screen.findByRole('heading', { level: 1, name: 'Bob Builder' });
}

let alertSpy: jest.SpyInstance;
let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  (getProfile as jest.Mock).mockResolvedValue(makeUser());
  (getSubProfiles as jest.Mock).mockResolvedValue({
    subProfiles: [{ ...makeUser(), user_id: 's_sub1', first_name: 'Bob', last_name: 'Builder', phone: '555' }],
  });
  mockLinks.mockResolvedValue({ pending: [live], paused: [], completed: [done] });
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => {});
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  alertSpy.mockRestore();
  confirmSpy.mockRestore();
});

describe('AddLinksPage: reset and delete', () => {
  it('resets a completed link for this profile and shows it back in the queue', async () => {
    mockReset.mockResolvedValue({ message: 'Link reset successfully' });
    await renderReady();
    mockLinks.mockResolvedValueOnce({ pending: [live, { ...done, clicks: 0 }], paused: [], completed: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Reset Done deal' }));
    expect(mockReset).toHaveBeenCalledWith({ link_id: 'l9', user_id: 's_sub1' });
    expect(await screen.findByText('Link reset successfully')).toBeInTheDocument();
    const queue = within(screen.getByRole('region', { name: /Pending/ }));
    await waitFor(() => expect(queue.getAllByRole('listitem')).toHaveLength(2));
    expect(queue.getByText('0 / 5 counted')).toBeInTheDocument();
    expect(confirmSpy).toHaveBeenCalledWith('Reset the link "Done deal"? Its count goes back to 0 and it moves to the end of the queue.');
  });

  it('asks before a reset (issue 29): cancelled, nothing is sent', async () => {
    await renderReady();
    confirmSpy.mockReturnValueOnce(false);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Done deal' }));
    expect(confirmSpy).toHaveBeenCalledWith(expect.stringContaining('Done deal'));
    expect(mockReset).not.toHaveBeenCalled();
  });

  it("alerts the error when a reset fails, or 'An error occurred.' when it has no text", async () => {
    mockReset
      .mockRejectedValueOnce(new ApiError('Link not found', { code: 'not-found', status: 404, serverMessage: 'Link not found' }))
      .mockRejectedValueOnce(new ApiError('', { code: 'unknown' }));
    await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Live one' }));
    expect(alertSpy).toHaveBeenCalledWith('Link not found');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Live one' }));
    expect(alertSpy).toHaveBeenLastCalledWith('An error occurred.');
  });

  it('asks before deleting, does nothing on cancel, and deletes on confirm', async () => {
    mockDelete.mockResolvedValue({ message: 'Link deleted successfully' });
    await renderReady();
    confirmSpy.mockReturnValueOnce(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Live one' }));
    expect(confirmSpy).toHaveBeenCalledWith(expect.stringContaining('Live one'));
    expect(mockDelete).not.toHaveBeenCalled();

    mockLinks.mockResolvedValueOnce({ pending: [], paused: [], completed: [done] });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Live one' }));
    expect(mockDelete).toHaveBeenCalledWith({ link_id: 'l1', user_id: 's_sub1' });
    expect(await screen.findByText('Link deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText(/No links in the queue/)).toBeInTheDocument();
    expect(screen.getByText('1 of 20 links used')).toBeInTheDocument();
  });

  it('disables a link’s buttons while its call runs and alerts a delete failure', async () => {
    let fail: (e: unknown) => void = () => {};
    mockDelete.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Done deal' }));
    expect(screen.getByRole('button', { name: 'Delete Done deal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset Done deal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Live one' })).toBeEnabled();
    fail(new ApiError('You do not own this link', { code: 'forbidden', status: 403, serverMessage: 'You do not own this link' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('You do not own this link'));
    expect(screen.getByRole('button', { name: 'Delete Done deal' })).toBeEnabled();
  });
});
