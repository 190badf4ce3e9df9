import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, getPublicLinks, getPublicProfile, incrementClicks, MESSAGES, type Link } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { DOUBLE_TAP_MS } from '../hooks/use-link-click';
import { PublicProfilePage } from './public-profile-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getPublicProfile: jest.fn(),
  getPublicLinks: jest.fn(),
  incrementClicks: jest.fn(),
}));
const profileMock = getPublicProfile as jest.MockedFunction<typeof getPublicProfile>;
const linksMock = getPublicLinks as jest.MockedFunction<typeof getPublicLinks>;
const clickMock = incrementClicks as jest.MockedFunction<typeof incrementClicks>;

const link = (id: string, name: string, clicks: number, max: number | null, url = `https://${id}.example.com/ref`): Link => ({
  id,
  name,
  link: url,
  clicks,
  max_clicks: max,
});
const OWNER = {
  title: 'Best Income Streams',
  first_name: 'Ann',
  last_name: 'Lee',
  slogan: 'Grow with me',
  about: 'Ten years in network marketing.\nAsk me anything.',
};
const QUEUE = {
  pending: [link('alpha', 'Alpha Biz', 3, 10), link('beta', 'Beta Club', 0, 5)],
  completed: [link('gamma', 'Gamma Shop', 5, 5)],
};

/** A stand-in for the tab window.open returns: records where the page sends it. */
function fakeTab() {
  return {
    opener: {},
    closed: false,
    close: jest.fn(),
    location: { replace: jest.fn() },
    document: { title: '', body: { textContent: '' } },
  };
}

const show = (url = '/profile?userId=u_ann') => renderPage(<PublicProfilePage />, { path: '/profile', url });

beforeEach(() => {
  profileMock.mockReset().mockResolvedValue(OWNER);
  linksMock.mockReset().mockResolvedValue(QUEUE);
  clickMock.mockReset();
});
afterEach(() => jest.restoreAllMocks());

test("shows the owner's title, name, slogan and about, the queue and the completed links", async () => {
  show();
  expect(await screen.findByRole('heading', { level: 1, name: 'Best Income Streams' })).toBeInTheDocument();
  expect(screen.getByText('Ann Lee')).toBeInTheDocument();
  expect(screen.getByText('Grow with me')).toBeInTheDocument();
  expect(screen.getByText(/Ten years in network marketing/)).toBeInTheDocument();
  expect(profileMock).toHaveBeenCalledWith('u_ann');
  expect(linksMock).toHaveBeenCalledWith('u_ann');

  expect(await screen.findByRole('button', { name: 'Open Alpha Biz' })).toBeInTheDocument();
  expect(screen.getByText('3 / 10 clicks')).toBeInTheDocument();
  // Issue 29: the real unlock rule — the next link waits for the first one's cap, not for this visitor.
  expect(screen.getByText("Open the links in order. The next one unlocks after the first link's remaining 7 visits.")).toBeInTheDocument();
  const done = screen.getByRole('region', { name: 'Completed links' });
  expect(within(done).getByText('Gamma Shop')).toBeInTheDocument();
  expect(within(done).getByText('5 / 5 clicks')).toBeInTheDocument();
});

test('member text is shown as text, never as HTML', async () => {
  profileMock.mockResolvedValue({ ...OWNER, title: '<img src=x onerror=alert(1)>', about: '<b>bold</b>' });
  linksMock.mockResolvedValue({ pending: [link('x', '<script>alert(2)</script>', 0, 3)], completed: [] });
  const { container } = show();
  expect(await screen.findByRole('heading', { level: 1, name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
  expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Open <script>alert(2)</script>' })).toBeInTheDocument();
  expect(container.querySelector('img, b, script')).toBeNull();
});

test('only the first pending link is clickable; a later one is greyed and refused with a toast', async () => {
  const { user } = show();
  const head = await screen.findByRole('button', { name: 'Open Alpha Biz' });
  const later = screen.getByRole('button', { name: 'Open Beta Club' });
  expect(head).not.toHaveAttribute('aria-disabled');
  expect(later).toHaveAttribute('aria-disabled', 'true');
  const open = jest.spyOn(window, 'open');

  await user.click(later);
  expect(await screen.findByText('Complete the previous link first!')).toBeInTheDocument();
  expect(clickMock).not.toHaveBeenCalled();
  expect(open).not.toHaveBeenCalled();
});

test('a click on the head counts it, shows the message, reloads the links and opens the link in a new tab', async () => {
  const tab = fakeTab();
  const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  let answer: (value: Awaited<ReturnType<typeof incrementClicks>>) => void = () => {};
  clickMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));

  // Issue 29: no tab opens before the server has answered.
  expect(open).not.toHaveBeenCalled();
  expect(clickMock).toHaveBeenCalledWith('alpha', document.referrer);
  // While counting, the head cannot be clicked again.
  expect(screen.getByRole('button', { name: 'Open Alpha Biz' })).toHaveAttribute('aria-disabled', 'true');
  await user.click(screen.getByRole('button', { name: 'Open Alpha Biz' }));
  expect(clickMock).toHaveBeenCalledTimes(1);

  linksMock.mockResolvedValue({ pending: [link('alpha', 'Alpha Biz', 4, 10), QUEUE.pending[1]], completed: QUEUE.completed });
  answer({ message: 'Click counted!', link: link('alpha', 'Alpha Biz', 4, 10) });

  expect(await screen.findByText('Click counted!')).toBeInTheDocument();
  // Then it opens, cut off from this page, and goes to the link.
  expect(open).toHaveBeenCalledWith('about:blank', '_blank');
  expect(tab.opener).toBeNull();
  expect(tab.location.replace).toHaveBeenCalledWith('https://alpha.example.com/ref');
  expect(await screen.findByText('4 / 10 clicks')).toBeInTheDocument();
  expect(linksMock).toHaveBeenCalledTimes(2);
  expect(screen.getByRole('button', { name: 'Open Alpha Biz' })).not.toHaveAttribute('aria-disabled');
});

test("the server's refusal text is shown, no tab opens and the queue is reloaded", async () => {
  const open = jest.spyOn(window, 'open');
  clickMock.mockRejectedValue(
    new ApiError('Complete the previous link first!', {
      code: 'queue-head-required',
      status: 409,
      serverMessage: 'Complete the previous link first!',
    }),
  );
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));
  expect(await screen.findByText('Complete the previous link first!')).toBeInTheDocument();
  await waitFor(() => expect(linksMock).toHaveBeenCalledTimes(2));
  expect(open).not.toHaveBeenCalled();
});

test("any other click failure says 'Failed to update click count.'; no answer at all adds why, and no tab opens", async () => {
  const open = jest.spyOn(window, 'open');
  clickMock.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));
  expect(await screen.findByText('Failed to update click count.')).toBeInTheDocument();

  clickMock.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'network' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Open Alpha Biz' })).not.toHaveAttribute('aria-disabled'));
  jest.spyOn(Date, 'now').mockReturnValue(Date.now() + DOUBLE_TAP_MS);
  await user.click(screen.getByRole('button', { name: 'Open Alpha Biz' }));
  const toast = await screen.findByText(/The site could not be reached, so your click was not recorded/);
  expect(toast.textContent).toBe(
    'Failed to update click count.\nThe site could not be reached, so your click was not recorded. Please try again.',
  );
  expect(open).not.toHaveBeenCalled();
});

test("issue 30: the tab opens the answer's destination (the click id on the way to the offer); a non-https one falls back to the link", async () => {
  const tab = fakeTab();
  jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  const destination = 'https://alpha.example.com/ref?subid=AZ_-09abcdefghijklmnop';
  clickMock.mockResolvedValueOnce({ message: 'Click counted!', counted: true, link: link('alpha', 'Alpha Biz', 4, 10), destination });
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));
  await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(destination));

  clickMock.mockResolvedValueOnce({
    message: 'Click counted!',
    counted: true,
    link: link('alpha', 'Alpha Biz', 5, 10),
    destination: 'javascript:alert(1)',
  });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Open Alpha Biz' })).not.toHaveAttribute('aria-disabled'));
  jest.spyOn(Date, 'now').mockReturnValue(Date.now() + DOUBLE_TAP_MS);
  await user.click(screen.getByRole('button', { name: 'Open Alpha Biz' }));
  await waitFor(() => expect(tab.location.replace).toHaveBeenLastCalledWith('https://alpha.example.com/ref'));
});

test('when the browser blocks the tab, a toast offers the link to open by hand, without opener or referrer', async () => {
  jest.spyOn(window, 'open').mockReturnValue(null);
  clickMock.mockResolvedValue({ message: 'Click counted!', link: link('alpha', 'Alpha Biz', 4, 10) });
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));
  expect(await screen.findByText('Click counted!')).toBeInTheDocument();
  const manual = await screen.findByRole('link', { name: 'Open the link' });
  expect(manual).toHaveAttribute('href', 'https://alpha.example.com/ref');
  expect(manual).toHaveAttribute('rel', 'noopener noreferrer');
});

test('a click that did not count shows the visitor a neutral confirmation, never the verdict (issue 29); the link still opens', async () => {
  const tab = fakeTab();
  jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  const repeat = 'Click not counted: this visitor already clicked this link recently.';
  clickMock.mockResolvedValueOnce({ message: repeat, counted: false, link: link('alpha', 'Alpha Biz', 3, 10) });
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));
  const shown = await screen.findByText('Opening your link.');
  expect(shown.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
  expect(screen.queryByText(repeat)).not.toBeInTheDocument();
  expect(tab.location.replace).toHaveBeenCalledWith('https://alpha.example.com/ref');

  clickMock.mockResolvedValueOnce({ message: 'Click counted', counted: true, link: link('alpha', 'Alpha Biz', 4, 10) });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Open Alpha Biz' })).not.toHaveAttribute('aria-disabled'));
  const later = Date.now() + DOUBLE_TAP_MS; // a new tap, not the second half of a double tap
  jest.spyOn(Date, 'now').mockReturnValue(later);
  await user.click(screen.getByRole('button', { name: 'Open Alpha Biz' }));
  expect((await screen.findByText('Click counted')).closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
});

test('a link that is not a web address is never opened', async () => {
  linksMock.mockResolvedValue({ pending: [link('bad', 'Bad', 0, 3, 'javascript:alert(1)')], completed: [] });
  const open = jest.spyOn(window, 'open');
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Open Bad' }));
  expect(await screen.findByText('This link cannot be opened.')).toBeInTheDocument();
  expect(open).not.toHaveBeenCalled();
  expect(clickMock).not.toHaveBeenCalled();
});

test('an unlimited head shows ∞ and says it holds the queue', async () => {
  linksMock.mockResolvedValue({ pending: [link('inf', 'Forever', 12, null), link('next', 'Next', 0, 5)], completed: [] });
  show();
  expect(await screen.findByText('12 / ∞ clicks')).toBeInTheDocument();
  expect(screen.getByText(/unlimited clicks \(∞\), so it holds the queue/)).toBeInTheDocument();
});

test('loading shows reserved placeholders; then an empty queue says "No links yet"', async () => {
  let answer: (value: Awaited<ReturnType<typeof getPublicLinks>>) => void = () => {};
  linksMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  show();
  expect(screen.getByRole('status')).toHaveTextContent('Loading links…');
  expect(screen.getByRole('region', { name: 'Links to visit' })).toHaveAttribute('aria-busy', 'true');
  answer({ pending: [], completed: [] });
  expect(await screen.findByText(/No links yet/)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Completed links' })).not.toBeInTheDocument();
});

test('the page appears in one piece: the profile waits behind the placeholders until the links are in (no layout shift)', async () => {
  let answer: (value: Awaited<ReturnType<typeof getPublicLinks>>) => void = () => {};
  linksMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  show();
  await waitFor(() => expect(profileMock).toHaveBeenCalled());
  await Promise.resolve(); // the profile answer is in
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  expect(screen.queryByText(/Powered by/)).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading links…');
  answer(QUEUE);
  expect(await screen.findByRole('heading', { level: 1, name: 'Best Income Streams' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open Alpha Biz' })).toBeInTheDocument();
  expect(screen.getByText(/Powered by/)).toBeInTheDocument();
});

test('all links completed: says so and still lists them', async () => {
  linksMock.mockResolvedValue({ pending: [], completed: QUEUE.completed });
  show();
  expect(await screen.findByText(/All links are completed/)).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Completed links' })).toHaveTextContent('Gamma Shop');
});

test("load failures say 'Failed to load profile data.' / 'Failed to load user links.' and Try again recovers", async () => {
  profileMock.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  linksMock.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'network' }));
  const { user } = show();
  const alerts = await screen.findAllByRole('alert');
  // The spec texts; when nothing answered, a second line says so (issue 29).
  expect(alerts.map((a) => a.textContent)).toEqual([
    'Failed to load profile data.',
    'Failed to load user links.\nThe server could not be reached. Please check your connection and try again.',
  ]);

  const [retryProfile, retryLinks] = screen.getAllByRole('button', { name: 'Try again' });
  await user.click(retryLinks);
  expect(await screen.findByRole('button', { name: 'Open Alpha Biz' })).toBeInTheDocument();
  await user.click(retryProfile);
  expect(await screen.findByRole('heading', { level: 1, name: 'Best Income Streams' })).toBeInTheDocument();
});

test('a server that is away for a moment (503) says so on both parts, also for a 503 without a body, and on a click', async () => {
  profileMock.mockRejectedValueOnce(
    new ApiError(MESSAGES.unavailable, { code: 'unavailable', status: 503, serverMessage: MESSAGES.unavailable }),
  );
  linksMock.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'unknown', status: 503 }));
  const { user } = show();
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.map((a) => a.textContent)).toEqual([MESSAGES.unavailable, MESSAGES.unavailable]);
  expect(MESSAGES.unavailable).toMatch(/temporarily unavailable.*try again/i);

  const [retryProfile, retryLinks] = screen.getAllByRole('button', { name: 'Try again' });
  await user.click(retryProfile);
  await user.click(retryLinks);
  expect(await screen.findByRole('heading', { level: 1, name: 'Best Income Streams' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  jest.spyOn(window, 'open').mockReturnValue(fakeTab() as unknown as Window);
  clickMock.mockRejectedValue(
    new ApiError(MESSAGES.unavailable, { code: 'unavailable', status: 503, serverMessage: MESSAGES.unavailable }),
  );
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));
  expect(await screen.findByText(MESSAGES.unavailable)).toBeInTheDocument();
});

test('a rate-limited click shows the server text', async () => {
  jest.spyOn(window, 'open').mockReturnValue(fakeTab() as unknown as Window);
  clickMock.mockRejectedValue(
    new ApiError('Too many clicks, slow down.', { code: 'rate-limited', status: 429, serverMessage: 'Too many clicks, slow down.' }),
  );
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));
  expect(await screen.findByText('Too many clicks, slow down.')).toBeInTheDocument();
});

test('an unknown userId shows "Profile not found"', async () => {
  profileMock.mockRejectedValue(new ApiError('User not found', { code: 'not-found', status: 404, serverMessage: 'User not found' }));
  linksMock.mockRejectedValue(new ApiError('User not found', { code: 'not-found', status: 404, serverMessage: 'User not found' }));
  show('/profile?userId=nobody');
  expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(document.title).toBe('Profile not found · Rotalink');
});

test("the tab is named after the page's owner once their profile is in (issue 13)", async () => {
  let answer: (owner: typeof OWNER) => void = () => undefined;
  profileMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  show();
  await waitFor(() => expect(document.title).toBe('Profile · Rotalink'));
  answer(OWNER);
  await waitFor(() => expect(document.title).toBe('Ann Lee · Rotalink'));
  await screen.findByRole('button', { name: 'Open Alpha Biz' });
});

test('a missing userId says no profile was selected and calls nothing', () => {
  show('/profile');
  expect(screen.getByRole('heading', { level: 1, name: 'No profile selected' })).toBeInTheDocument();
  expect(profileMock).not.toHaveBeenCalled();
  expect(linksMock).not.toHaveBeenCalled();
});

test('under StrictMode (effects mounted twice) the page still loads and one tap counts one click', async () => {
  const tab = fakeTab();
  jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  clickMock.mockResolvedValue({ message: 'Click counted!', link: link('alpha', 'Alpha Biz', 4, 10) });
  const { user } = renderPage(<PublicProfilePage />, { path: '/profile', url: '/profile?userId=u_ann', strict: true });
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));
  expect(await screen.findByText('Click counted!')).toBeInTheDocument();
  expect(clickMock).toHaveBeenCalledTimes(1);
  expect(tab.location.replace).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Best Income Streams' })).toBeInTheDocument();
});

test('a double tap on the head (80 ms, then 250 ms after the first) counts one click and opens one tab; a later tap counts again', async () => {
  // On a phone the count answers in a few ms, so the second tap of a double tap lands after it.
  let now = 1_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  const open = jest.spyOn(window, 'open').mockImplementation(() => fakeTab() as unknown as Window);
  clickMock.mockResolvedValue({ message: 'Click counted!', link: link('alpha', 'Alpha Biz', 4, 10) });
  linksMock.mockResolvedValueOnce(QUEUE).mockResolvedValue({ ...QUEUE, pending: [link('alpha', 'Alpha Biz', 4, 10), QUEUE.pending[1]] });
  const { user } = show();
  await user.click(await screen.findByRole('button', { name: 'Open Alpha Biz' }));
  expect(await screen.findByText('Click counted!')).toBeInTheDocument();
  expect(await screen.findByText('4 / 10 clicks')).toBeInTheDocument();

  now += 80;
  await user.click(screen.getByRole('button', { name: 'Open Alpha Biz' }));
  now += 170;
  await user.click(screen.getByRole('button', { name: 'Open Alpha Biz' }));
  expect(clickMock).toHaveBeenCalledTimes(1);
  expect(open).toHaveBeenCalledTimes(1);
  expect(screen.getAllByText('Click counted!')).toHaveLength(1);

  // A deliberate tap later on is a new click, as before.
  now += 2_000;
  await user.click(screen.getByRole('button', { name: 'Open Alpha Biz' }));
  await waitFor(() => expect(clickMock).toHaveBeenCalledTimes(2));
  expect(open).toHaveBeenCalledTimes(2);
});
