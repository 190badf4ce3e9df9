import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  checkLink,
  getMemberLinks,
  getProfile,
  getSubProfiles,
  pauseLink,
  tokenStore,
  type LinkCheck,
  type MemberLink,
  type MemberLinkLists,
  type PausedLink,
} from '@rotalink/shared-api';
import { makeLink, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { AddLinksPage } from './add-links-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  ...jest.requireActual('../../../test-utils/section-stubs').sharedApiSections(),
  getRotatorSettings: jest.fn(() => new Promise(() => {})), // the rotator section has its own tests
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getMemberLinks: jest.fn(),
  pauseLink: jest.fn(),
  checkLink: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  ...jest.requireActual('../../../test-utils/section-stubs').liveSections(),
}));
const mockLinks = getMemberLinks as jest.MockedFunction<typeof getMemberLinks>;
const mockPause = pauseLink as jest.MockedFunction<typeof pauseLink>;
const mockCheck = checkLink as jest.MockedFunction<typeof checkLink>;

const head = makeLink({ id: 'a', name: 'Alpha', link: 'https://a.example.com', clicks: 2, max_clicks: 5 });
const next = makeLink({ id: 'b', name: 'Bravo', link: 'https://b.example.com' });
const failed404: LinkCheck = { checked_at: '2026-11-23T15:00:00.000Z', ok: false, result: 'HTTP 404' };
const paused = (link: MemberLink, over: Partial<PausedLink> = {}): PausedLink => ({
  ...link,
  paused_at: '2026-11-23T15:01:00.000Z',
  paused_by: 'owner',
  pause_reason: 'Paused by you',
  last_check: null,
  ...over,
});
const lists = (l: Partial<MemberLinkLists>): MemberLinkLists => ({ pending: [], completed: [], paused: [], ...l });

async function renderReady() {
  renderPage(<AddLinksPage />, { path: '/Addlinks', url: '/Addlinks?userId=u_member1' });
  await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
}
const pendingSection = () => screen.getByRole('region', { name: /Pending/ });
const pausedSection = () => screen.getByRole('region', { name: /Paused/ });

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  (getProfile as jest.Mock).mockResolvedValue(makeUser());
  (getSubProfiles as jest.Mock).mockResolvedValue({ subProfiles: [] });
  mockLinks.mockResolvedValue(lists({ pending: [head, next] }));
});

describe('AddLinksPage: pausing links (issue 16)', () => {
  it('pauses the live link: it moves to Paused with its reason and the next link becomes live', async () => {
    mockPause.mockResolvedValue({ message: 'Link paused', lists: lists({ pending: [next], paused: [paused(head)] }) });
    await renderReady();
    expect(within(pausedSection()).getByRole('heading', { name: 'Paused (0)' })).toBeInTheDocument();
    expect(within(pausedSection()).getByText(/No paused links/)).toBeInTheDocument();

    await userEvent.click(within(pendingSection()).getByRole('button', { name: 'Pause Alpha' }));
    expect(mockPause).toHaveBeenCalledWith({ link_id: 'a', user_id: 'u_member1', paused: true });
    expect(await screen.findByText('Link paused')).toBeInTheDocument();
    const item = within(pausedSection()).getByRole('listitem', { name: 'Alpha' });
    expect(within(item).getByText('paused')).toBeInTheDocument();
    expect(within(item).getByText(/^Paused by you on/)).toBeInTheDocument();
    expect(within(item).getByText(/not checked yet/)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Resume Alpha' })).toBeEnabled();
    expect(
      within(pendingSection())
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Bravo']);
    expect(within(within(pendingSection()).getByRole('listitem', { name: 'Bravo' })).getByText('live')).toBeInTheDocument();
    // A paused link still takes one of the plan's 20 places.
    expect(screen.getByText('2 of 20 links used')).toBeInTheDocument();
  });

  it('shows why the link check paused a link and its last check; Resume puts it back in the queue', async () => {
    const reason = 'The destination failed 3 checks in a row: HTTP 404';
    mockLinks.mockResolvedValue(
      lists({ pending: [next], paused: [paused(head, { paused_by: 'health-check', pause_reason: reason, last_check: failed404 })] }),
    );
    let finish: (v: Awaited<ReturnType<typeof pauseLink>>) => void = () => {};
    mockPause.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    await renderReady();
    const item = within(pausedSection()).getByRole('listitem', { name: 'Alpha' });
    expect(within(item).getByText(reason)).toBeInTheDocument();
    expect(within(item).getByText(/^Paused by the link check on/)).toBeInTheDocument();
    const last = within(item).getByText(/^Last check:/);
    expect(last).toHaveTextContent(/— Failed: HTTP 404$/);
    expect(last.querySelector('time')).toHaveAttribute('dateTime', failed404.checked_at);

    await userEvent.click(within(item).getByRole('button', { name: 'Resume Alpha' }));
    expect(mockPause).toHaveBeenCalledWith({ link_id: 'a', user_id: 'u_member1', paused: false });
    expect(within(item).getByRole('button', { name: 'Resume Alpha' })).toBeDisabled(); // waits for the answer
    expect(within(item).getByRole('button', { name: 'Check Alpha now' })).toBeDisabled();
    finish({ message: 'Link resumed', lists: lists({ pending: [head, next] }) });
    expect(await screen.findByText('Link resumed')).toBeInTheDocument();
    expect(
      within(pendingSection())
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Alpha', 'Bravo']);
    expect(within(pausedSection()).getByRole('heading', { name: 'Paused (0)' })).toBeInTheDocument();
  });

  it('a refused pause says why and leaves the queue as it was', async () => {
    mockPause.mockRejectedValue(new ApiError('Link not found', { code: 'not-found', status: 404, serverMessage: 'Link not found' }));
    await renderReady();
    await userEvent.click(within(pendingSection()).getByRole('button', { name: 'Pause Alpha' }));
    expect(await screen.findByText('Link not found')).toBeInTheDocument();
    expect(within(pendingSection()).getByRole('listitem', { name: 'Alpha' })).toBeInTheDocument();
    expect(within(pendingSection()).getByRole('button', { name: 'Pause Alpha' })).toBeEnabled();
  });
});

describe('AddLinksPage: Check now (issue 16)', () => {
  it('checks a pending link: "Checking…" meanwhile, then the result is announced beside the link', async () => {
    const ok: LinkCheck = { checked_at: '2026-11-23T15:10:00.000Z', ok: true, result: 'HTTP 200' };
    let finish: (v: Awaited<ReturnType<typeof checkLink>>) => void = () => {};
    mockCheck.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    await renderReady();
    const item = within(pendingSection()).getByRole('listitem', { name: 'Bravo' });
    await userEvent.click(within(item).getByRole('button', { name: 'Check Bravo now' }));
    expect(mockCheck).toHaveBeenCalledWith({ link_id: 'b', user_id: 'u_member1' });
    expect(within(item).getByRole('button', { name: 'Check Bravo now' })).toHaveTextContent('Checking…');
    expect(within(item).getByRole('status')).toHaveTextContent('Checking the destination…');
    finish({ message: 'The destination answers (HTTP 200).', check: ok, lists: lists({ pending: [head, next] }) });
    const fresh = within(pendingSection()).getByRole('listitem', { name: 'Bravo' });
    await waitFor(() => expect(within(fresh).getByRole('status')).toHaveTextContent(/^Checked now: .+ — OK: HTTP 200$/));
    expect(within(fresh).getByRole('button', { name: 'Check Bravo now' })).toBeEnabled();
    // The other link was not checked.
    expect(within(within(pendingSection()).getByRole('listitem', { name: 'Alpha' })).getByRole('status')).toBeEmptyDOMElement();
  });

  it('a third failed check pauses the link: the page shows it under Paused with the failure', async () => {
    const reason = 'The destination failed 3 checks in a row: HTTP 500';
    const failed: LinkCheck = { checked_at: '2026-11-23T15:20:00.000Z', ok: false, result: 'HTTP 500' };
    mockCheck.mockResolvedValue({
      message: 'The destination failed this check: HTTP 500.',
      check: failed,
      lists: lists({ pending: [next], paused: [paused(head, { paused_by: 'health-check', pause_reason: reason, last_check: failed })] }),
    });
    await renderReady();
    await userEvent.click(within(pendingSection()).getByRole('button', { name: 'Check Alpha now' }));
    const item = await within(pausedSection()).findByRole('listitem', { name: 'Alpha' });
    expect(within(item).getByText(reason)).toBeInTheDocument();
    expect(within(item).getByRole('status')).toHaveTextContent(/^Last check: .+ — Failed: HTTP 500$/);
    expect(within(pendingSection()).queryByRole('listitem', { name: 'Alpha' })).not.toBeInTheDocument();
  });

  it('a check that cannot run says so beside the link, and can be tried again', async () => {
    mockCheck.mockRejectedValueOnce(new ApiError('Network error', { code: 'network' }));
    await renderReady();
    const item = within(pendingSection()).getByRole('listitem', { name: 'Alpha' });
    await userEvent.click(within(item).getByRole('button', { name: 'Check Alpha now' }));
    await waitFor(() => expect(within(item).getByRole('status')).toHaveTextContent('The check could not run. Try again.'));
    expect(within(item).getByRole('button', { name: 'Check Alpha now' })).toBeEnabled();
  });
});
