import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  MESSAGES,
  addLink,
  deleteLink,
  getMemberLinks,
  getProfile,
  getSubProfiles,
  resetLink,
  tokenStore,
  updateHandle,
  type MemberLinkLists,
} from '@rotalink/shared-api';
import { pollMemberLinks } from '@rotalink/shared-api/live';
import { makeLink, makeSub, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { AddLinksPage } from './add-links-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  // The page's other sections, each tested on its own.
  ...jest.requireActual('../../../test-utils/section-stubs').sharedApiSections(),
  updateHandle: jest.fn(),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  // Asked only for an id missing from the member's lists (404 = deleted, use-profile-owner.ts).
  getSubProfile: jest.fn(),
  getMemberLinks: jest.fn(),
  addLink: jest.fn(),
  resetLink: jest.fn(),
  deleteLink: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  pollMemberLinks: jest.fn(),
  ...jest.requireActual('../../../test-utils/section-stubs').liveSections(),
}));
const m = {
  getProfile: getProfile as jest.MockedFunction<typeof getProfile>,
  getSubProfiles: getSubProfiles as jest.MockedFunction<typeof getSubProfiles>,
  getMemberLinks: getMemberLinks as jest.MockedFunction<typeof getMemberLinks>,
  pollMemberLinks: pollMemberLinks as jest.MockedFunction<typeof pollMemberLinks>,
  addLink: addLink as jest.MockedFunction<typeof addLink>,
  resetLink: resetLink as jest.MockedFunction<typeof resetLink>,
  deleteLink: deleteLink as jest.MockedFunction<typeof deleteLink>,
};

const lists: MemberLinkLists = {
  pending: [
    makeLink({
      id: 'l1',
      name: 'First shop',
      link: 'https://one.example.com',
      clicks: 3,
      max_clicks: 10,
      counted_clicks: 13,
      all_clicks: 20,
    }),
    makeLink({ id: 'l2', name: '', link: 'https://two.example.com/ref?a=1', clicks: 0, max_clicks: null }),
  ],
  paused: [],
  completed: [makeLink({ id: 'l3', name: 'Done deal', link: 'https://three.example.com', clicks: 5, max_clicks: 5 })],
};

const renderLinks = (userId: string | null = 'u_member1') =>
  renderPage(<AddLinksPage />, { path: '/Addlinks', url: userId === null ? '/Addlinks' : `/Addlinks?userId=${userId}` });
const pendingSection = () => screen.getByRole('region', { name: /Pending/ });
const completedSection = () => screen.getByRole('region', { name: /Completed/ });

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  m.getProfile.mockResolvedValue(makeUser());
  m.getSubProfiles.mockResolvedValue({ subProfiles: [makeSub()] });
  m.getMemberLinks.mockResolvedValue(lists);
  m.pollMemberLinks.mockResolvedValue({ data: lists, changed: true });
});

describe('AddLinksPage: live counts (issue 15)', () => {
  it("shows a visitor's click within one poll, without Refresh, and stops asking while the tab is hidden", async () => {
    jest.useFakeTimers();
    let visibility: DocumentVisibilityState = 'visible';
    const visibilitySpy = jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const wait = (ms: number) =>
      act(async () => {
        await jest.advanceTimersByTimeAsync(ms);
      });
    try {
      renderLinks();
      await wait(100);
      const head = () => within(pendingSection()).getAllByRole('listitem')[0];
      expect(within(head()).getByText('3 / 10 counted')).toBeInTheDocument();
      expect(screen.getByText('Live: new clicks appear within seconds.')).toBeInTheDocument();

      const clicked = { ...lists, pending: [{ ...lists.pending[0], clicks: 4, counted_clicks: 14, all_clicks: 21 }, lists.pending[1]] };
      m.pollMemberLinks.mockResolvedValue({ data: clicked, changed: true });
      await wait(3000);
      expect(m.pollMemberLinks).toHaveBeenCalledWith('u_member1');
      expect(within(head()).getByText('4 / 10 counted')).toBeInTheDocument();
      expect(within(head()).getByText('21 clicks in all since it was added (repeats and bots included)')).toBeInTheDocument();
      expect(m.getMemberLinks).toHaveBeenCalledTimes(1); // no reload: the poll carried the lists

      visibility = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      const before = m.pollMemberLinks.mock.calls.length;
      await wait(60_000);
      expect(m.pollMemberLinks).toHaveBeenCalledTimes(before);
    } finally {
      visibilitySpy.mockRestore();
      jest.useRealTimers();
    }
  });
});

describe('AddLinksPage: lists', () => {
  it("shows the owner's name, the queue in order with the head live, completed links and the plan's usage", async () => {
    renderLinks();
    expect(screen.getByRole('status')).toHaveTextContent('Loading links…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(m.getMemberLinks).toHaveBeenCalledWith('u_member1');

    const queue = within(pendingSection()).getAllByRole('listitem');
    expect(queue.map((li) => li.getAttribute('aria-label'))).toEqual(['First shop', 'https://two.example.com/ref?a=1']);
    expect(within(queue[0]).getByText('live')).toBeInTheDocument();
    expect(within(queue[0]).getByText('3 / 10 counted')).toBeInTheDocument();
    // issue 14: counted and all clicks (lifetime) beside the cap's count
    expect(within(queue[0]).getByText('20 clicks in all since it was added (repeats and bots included)')).toBeInTheDocument();
    expect(within(queue[1]).queryByText('live')).not.toBeInTheDocument();
    expect(within(queue[1]).getByText('0 / ∞ counted')).toBeInTheDocument();
    expect(within(completedSection()).getByText('5 / 5 counted')).toBeInTheDocument();
    expect(screen.getByText('3 of 20 links used')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add link' })).toBeEnabled();
  });

  it("names a sub-profile's links after the sub-profile", async () => {
    renderLinks('s_sub1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Builder' })).toBeInTheDocument();
    expect(screen.getByText('Sub-profile links')).toBeInTheDocument();
    expect(m.getMemberLinks).toHaveBeenCalledWith('s_sub1');
  });

  it('says that an unlimited live link holds the queue, and shows empty lists', async () => {
    m.getMemberLinks.mockResolvedValue({ pending: [makeLink({ max_clicks: null })], paused: [], completed: [] });
    renderLinks();
    expect(await screen.findByText(/this link holds the queue/)).toBeInTheDocument();
    expect(within(completedSection()).getByText(/No completed links yet/)).toBeInTheDocument();
  });

  it('shows member text as text, never as HTML', async () => {
    m.getMemberLinks.mockResolvedValue({ pending: [makeLink({ name: '<img src=x onerror=alert(1)>' })], paused: [], completed: [] });
    renderLinks();
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(pendingSection().querySelector('img')).toBeNull();
  });

  it("shows 'Failed to load user links.' with a retry, and a refusal for someone else's profile", async () => {
    m.getMemberLinks.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
    const { unmount } = renderLinks();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user links.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    unmount();

    m.getMemberLinks.mockRejectedValueOnce(new ApiError('Forbidden', { code: 'forbidden', status: 403, serverMessage: 'Forbidden' }));
    renderLinks('someone_else');
    expect(await screen.findByRole('alert')).toHaveTextContent('These links belong to a profile that is not yours.');
  });

  it("says 'This profile no longer exists.' for a deleted sub-profile (404), with the way back and no Retry", async () => {
    m.getMemberLinks.mockRejectedValue(
      new ApiError('User not found.', { code: 'not-found', status: 404, serverMessage: 'User not found.' }),
    );
    renderLinks('s_deleted');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This profile no longer exists.');
    expect(alert).not.toHaveTextContent('Failed to load user links.');
    expect(within(alert).getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/user');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says the service is temporarily unavailable on a 503, with a retry', async () => {
    m.getMemberLinks.mockRejectedValueOnce(
      new ApiError(MESSAGES.unavailable, { code: 'unavailable', status: 503, serverMessage: MESSAGES.unavailable }),
    );
    renderLinks();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unavailable);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('asks for a profile when the address names none', () => {
    renderLinks(null);
    expect(screen.getByRole('alert')).toHaveTextContent('No profile was chosen.');
    expect(m.getMemberLinks).not.toHaveBeenCalled();
  });

  it('refreshes on demand so the member sees a link move to completed', async () => {
    renderLinks();
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    m.getMemberLinks.mockResolvedValueOnce({
      pending: [lists.pending[1]],
      paused: [],
      completed: [...lists.completed, { ...lists.pending[0], clicks: 10 }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(completedSection()).findByText('10 / 10 counted')).toBeInTheDocument();
    expect(within(pendingSection()).getAllByRole('listitem')).toHaveLength(1);
  });

  it("keeps the lists on screen and toasts 'Failed to load user links.' when a refresh fails", async () => {
    renderLinks();
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    m.getMemberLinks.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user links.');
    expect(within(pendingSection()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });
});

describe('AddLinksPage: a new handle (issue 32)', () => {
  it('shows the rotator link under the new handle as soon as it is saved, without a reload', async () => {
    (updateHandle as jest.Mock).mockResolvedValue({
      message: 'Your short address is saved.',
      state: {
        user_id: 'u_member1',
        handle: 'ada',
        page_url: 'http://localhost:3000/ada',
        rotator_url: 'http://localhost:4000/r/ada',
        old_handles: [],
      },
    });
    renderLinks();
    const rotatorLink = await screen.findByRole('link', { name: 'http://localhost:4000/r/u_member1' });
    expect(rotatorLink).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Handle/), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(await screen.findByRole('link', { name: 'http://localhost:4000/r/ada' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'http://localhost:4000/r/u_member1' })).not.toBeInTheDocument();
  });
});
