import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  addLink,
  getMemberLinks,
  getProfile,
  getSubProfiles,
  reorderLinks,
  tokenStore,
  type MemberLink,
} from '@rotalink/shared-api';
import { makeLink, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { AddLinksPage } from './add-links-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  ...jest.requireActual('../../../test-utils/section-stubs').sharedApiSections(),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getMemberLinks: jest.fn(),
  // The page's side section: never answered here (its own tests cover it).
  getRotatorSettings: jest.fn(() => new Promise(() => {})),
  addLink: jest.fn(),
  reorderLinks: jest.fn(),
}));
// Issue 15's live poll of the lists: never answered here (add-links-page.test.tsx covers it).
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  ...jest.requireActual('../../../test-utils/section-stubs').liveSections(),
  pollMemberLinks: jest.fn(() => new Promise(() => {})),
}));
const mockLinks = getMemberLinks as jest.MockedFunction<typeof getMemberLinks>;
const mockReorder = reorderLinks as jest.MockedFunction<typeof reorderLinks>;
const mockAdd = addLink as jest.MockedFunction<typeof addLink>;

const a = makeLink({ id: 'a', name: 'Alpha', link: 'https://a.example.com' });
const b = makeLink({ id: 'b', name: 'Bravo', link: 'https://b.example.com' });
const c = makeLink({ id: 'c', name: 'Charlie', link: 'https://c.example.com' });
const forever = makeLink({ id: 'u', name: 'Forever', link: 'https://forever.example.com', max_clicks: null });

async function renderReady() {
  renderPage(<AddLinksPage />, { path: '/Addlinks', url: '/Addlinks?userId=u_member1' });
  await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
}
const queueNames = () =>
  within(screen.getByRole('region', { name: /Pending/ }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));
const answer = (pending: MemberLink[]) => ({ message: 'Queue order saved', pending, completed: [] as MemberLink[], paused: [] });

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  (getProfile as jest.Mock).mockResolvedValue(makeUser());
  (getSubProfiles as jest.Mock).mockResolvedValue({ subProfiles: [] });
  mockLinks.mockResolvedValue({ pending: [a, b, c], paused: [], completed: [] });
});

describe('AddLinksPage: reordering the queue', () => {
  it('offers a drag handle and move buttons per link; the ends cannot move further', async () => {
    await renderReady();
    expect(screen.getByRole('button', { name: 'Drag Alpha to reorder' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Alpha up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Alpha down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Charlie down' })).toBeDisabled();
  });

  it('moves a link with the keyboard: the order is shown at once, saved, announced, and the focus stays on the moved link', async () => {
    let finish: (v: ReturnType<typeof answer>) => void = () => {};
    mockReorder.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    await renderReady();
    screen.getByRole('button', { name: 'Move Charlie up' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(mockReorder).toHaveBeenCalledWith('u_member1', ['a', 'c', 'b']);
    expect(queueNames()).toEqual(['Alpha', 'Charlie', 'Bravo']);
    expect(screen.getByRole('button', { name: 'Move Alpha down' })).toBeDisabled(); // waits for the save
    finish(answer([a, c, b]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Charlie up' })).toHaveFocus());
    expect(screen.getByText('Moved “Charlie” to position 2 of 3.')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Charlie' })).getByText('#2')).toBeInTheDocument();

    // To the top: "up" is then disabled, so the focus goes to its "down".
    mockReorder.mockResolvedValueOnce(answer([c, a, b]));
    await userEvent.keyboard('{Enter}');
    expect(mockReorder).toHaveBeenLastCalledWith('u_member1', ['c', 'a', 'b']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Charlie down' })).toHaveFocus());
    expect(within(screen.getByRole('listitem', { name: 'Charlie' })).getByText('live')).toBeInTheDocument();
  });

  it("a refused reorder says why and shows the server's order again", async () => {
    const refusal =
      'The new order must name every pending link of this profile exactly once (it has 2 now). Reload the links and try again.';
    mockReorder.mockRejectedValue(new ApiError(refusal, { code: 'invalid', status: 400, serverMessage: refusal }));
    await renderReady();
    mockLinks.mockResolvedValueOnce({ pending: [b, c], paused: [], completed: [{ ...a, clicks: 10 }] });
    await userEvent.click(screen.getByRole('button', { name: 'Move Bravo up' }));
    expect(await screen.findByText(/must name every pending link/)).toBeInTheDocument();
    await waitFor(() => expect(queueNames()).toEqual(['Bravo', 'Charlie']));
  });

  it('marks the links an unlimited link keeps visitors from', async () => {
    mockLinks.mockResolvedValue({ pending: [a, forever, b], paused: [], completed: [] });
    await renderReady();
    expect(
      within(screen.getByRole('listitem', { name: 'Bravo' })).getByText(/Not reached: an unlimited \(∞\) link is ahead of it/),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Alpha' })).queryByText(/Not reached/)).not.toBeInTheDocument();
  });
});

describe('AddLinksPage: a link added behind an unlimited link (issue 13, defect 3)', () => {
  const late = makeLink({ id: 'n', name: 'Late', link: 'https://late.example.com', max_clicks: 5 });

  async function addLate() {
    mockLinks.mockResolvedValue({ pending: [a, forever], paused: [], completed: [] });
    mockAdd.mockResolvedValue({ message: 'Link added successfully', link: late });
    await renderReady();
    const form = screen.getByRole('form', { name: 'Add a link' });
    expect(within(form).getByText(/behind the unlimited \(∞\) link “Forever”/)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/URL/), 'https://late.example.com');
    await userEvent.type(within(form).getByLabelText('Max clicks'), '5');
    mockLinks.mockResolvedValue({ pending: [a, forever, late], paused: [], completed: [] });
    await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    return screen.findByText(/“Late” will never be reached/);
  }

  it('warns at once and moves it ahead of the unlimited link on request', async () => {
    const warning = await addLate();
    expect(warning.closest('[role="alert"]')).toHaveTextContent('It is behind the unlimited (∞) link “Forever”');
    mockReorder.mockResolvedValue(answer([a, late, forever]));
    await userEvent.click(screen.getByRole('button', { name: 'Move it ahead' }));
    expect(mockReorder).toHaveBeenCalledWith('u_member1', ['a', 'n', 'u']);
    expect(await screen.findByText('Moved ahead of the unlimited link.')).toBeInTheDocument();
    expect(queueNames()).toEqual(['Alpha', 'Late', 'Forever']);
    expect(screen.queryByText(/will never be reached/)).not.toBeInTheDocument();
  });

  it('"Keep it here" closes the warning and changes nothing', async () => {
    await addLate();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it here' }));
    expect(screen.queryByText(/will never be reached/)).not.toBeInTheDocument();
    expect(mockReorder).not.toHaveBeenCalled();
    expect(queueNames()).toEqual(['Alpha', 'Forever', 'Late']);
  });

  it('says nothing when the queue has no unlimited link ahead', async () => {
    mockAdd.mockResolvedValue({ message: 'Link added successfully', link: c });
    mockLinks.mockResolvedValue({ pending: [a], paused: [], completed: [] });
    await renderReady();
    const form = screen.getByRole('form', { name: 'Add a link' });
    await userEvent.type(within(form).getByLabelText(/URL/), 'https://c.example.com');
    await userEvent.type(within(form).getByLabelText('Max clicks'), '5');
    mockLinks.mockResolvedValue({ pending: [a, c], paused: [], completed: [] });
    await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('Link added successfully')).toBeInTheDocument();
    expect(screen.queryByText(/will never be reached/)).not.toBeInTheDocument();
  });
});
