import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, addLink, createPaymentSession, getMemberLinks, getProfile, getSubProfiles, tokenStore } from '@rotalink/shared-api';
import { makeLink, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { AddLinksPage } from './add-links-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  // The page's other sections, each tested on its own.
  ...jest.requireActual('../../../test-utils/section-stubs').sharedApiSections(),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getMemberLinks: jest.fn(),
  addLink: jest.fn(),
  createPaymentSession: jest.fn(),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  ...jest.requireActual('../../../test-utils/section-stubs').liveSections(),
}));
const mockProfile = getProfile as jest.MockedFunction<typeof getProfile>;
const mockLinks = getMemberLinks as jest.MockedFunction<typeof getMemberLinks>;
const mockAdd = addLink as jest.MockedFunction<typeof addLink>;

async function renderReady() {
  renderPage(<AddLinksPage />, { path: '/Addlinks', url: '/Addlinks?userId=u_member1' });
  await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
  return screen.getByRole('form', { name: 'Add a link' });
}

beforeEach(() => {
  sessionStorage.clear(); // issue 29: a test's unsent form text would come back in the next one
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  mockProfile.mockResolvedValue(makeUser());
  (getSubProfiles as jest.Mock).mockResolvedValue({ subProfiles: [] });
  mockLinks.mockResolvedValue({ pending: [], paused: [], completed: [] });
});

describe('AddLinksPage: adding a link', () => {
  it("refuses a URL that does not start with 'https://' or 'www.' (spec §5) and a bad max clicks", async () => {
    const form = await renderReady();
    await userEvent.type(within(form).getByLabelText(/URL/), 'http://shop.example.com');
    await userEvent.type(within(form).getByLabelText('Max clicks'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    expect(within(form).getByText("URL must start with 'https://' or 'www.'")).toBeInTheDocument();
    expect(within(form).getByText(/Max clicks must be a whole number of 1 or more/)).toBeInTheDocument();
    expect(mockAdd).not.toHaveBeenCalled();
  });

  it.each(['1000000001', '99999999999999999999'])(
    'says the most max clicks can be for %s, not that it is no whole number',
    async (tooMany) => {
      const form = await renderReady();
      await userEvent.type(within(form).getByLabelText(/URL/), 'https://shop.example.com');
      await userEvent.type(within(form).getByLabelText('Max clicks'), tooMany);
      await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
      expect(within(form).getByText('Max clicks can be at most 1,000,000,000, or choose unlimited.')).toBeInTheDocument();
      expect(within(form).queryByText(/must be a whole number/)).not.toBeInTheDocument();
      expect(mockAdd).not.toHaveBeenCalled();

      // the cap itself is accepted
      await userEvent.clear(within(form).getByLabelText('Max clicks'));
      await userEvent.type(within(form).getByLabelText('Max clicks'), '1000000000');
      mockAdd.mockResolvedValue({ message: 'Link added successfully', link: makeLink({ max_clicks: 1_000_000_000 }) });
      await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
      expect(mockAdd).toHaveBeenCalledWith(expect.objectContaining({ max_clicks: 1_000_000_000 }));
    },
  );

  it('keeps the whole-number message for a fraction', async () => {
    const form = await renderReady();
    await userEvent.type(within(form).getByLabelText(/URL/), 'https://shop.example.com');
    await userEvent.type(within(form).getByLabelText('Max clicks'), '2.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    expect(within(form).getByText('Max clicks must be a whole number of 1 or more, or choose unlimited.')).toBeInTheDocument();
    expect(mockAdd).not.toHaveBeenCalled();
  });

  it('adds a link, reloads the lists and clears the form', async () => {
    let finish: (v: { message: string; link: ReturnType<typeof makeLink> }) => void = () => {};
    mockAdd.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const form = await renderReady();
    await userEvent.type(within(form).getByLabelText(/URL/), 'www.shop.example.com/ref');
    await userEvent.type(within(form).getByLabelText(/Name/), 'My shop');
    await userEvent.type(within(form).getByLabelText('Max clicks'), '25');
    await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    expect(within(form).getByRole('button', { name: 'Adding…' })).toBeDisabled();
    expect(mockAdd).toHaveBeenCalledWith({ link: 'www.shop.example.com/ref', name: 'My shop', max_clicks: 25, user_id: 'u_member1' });

    const added = makeLink({ id: 'new', name: 'My shop', link: 'https://www.shop.example.com/ref', max_clicks: 25 });
    mockLinks.mockResolvedValueOnce({ pending: [added], paused: [], completed: [] });
    finish({ message: 'Link added successfully', link: added });
    expect(await screen.findByText('Link added successfully')).toBeInTheDocument();
    expect(await screen.findByText('0 / 25 counted')).toBeInTheDocument();
    expect(screen.getByText('1 of 20 links used')).toBeInTheDocument();
    expect(mockLinks).toHaveBeenCalledTimes(2);
    // Issue 29: the first link moves the queue above the form; the form is the same one, now empty.
    expect(form).toBeInTheDocument();
    expect(within(form).getByRole('heading', { name: 'Add a link' })).toBeInTheDocument();
    expect(within(form).getByLabelText(/URL/)).toHaveValue('');
    expect(sessionStorage.length).toBe(0); // no draft left behind
  });

  it('issue 30: sends the click-id parameter and a URL with macros as typed', async () => {
    mockAdd.mockResolvedValue({ message: 'Link added successfully', link: makeLink({ max_clicks: null }) });
    const form = await renderReady();
    await userEvent.type(within(form).getByLabelText(/URL/), 'https://o.example.org/?s={{click_id}&p={{profile_id}');
    await userEvent.click(within(form).getByLabelText('Unlimited clicks (∞)'));
    await userEvent.type(within(form).getByLabelText(/Click-id parameter/), 'aff_sub');
    await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    expect(mockAdd).toHaveBeenCalledWith({
      link: 'https://o.example.org/?s={click_id}&p={profile_id}',
      name: '',
      max_clicks: null,
      user_id: 'u_member1',
      click_param: 'aff_sub',
    });
  });

  it('sends unlimited as null', async () => {
    mockAdd.mockResolvedValue({ message: 'Link added successfully', link: makeLink({ max_clicks: null }) });
    const form = await renderReady();
    await userEvent.type(within(form).getByLabelText(/URL/), 'https://a.example.org');
    await userEvent.click(within(form).getByLabelText('Unlimited clicks (∞)'));
    expect(within(form).getByLabelText('Max clicks')).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    expect(mockAdd).toHaveBeenCalledWith({ link: 'https://a.example.org', name: '', max_clicks: null, user_id: 'u_member1' });
  });

  it("shows the server's error and keeps the typing when adding fails", async () => {
    mockAdd.mockRejectedValue(
      new ApiError('Link limit reached for this profile', {
        code: 'link-limit',
        status: 409,
        serverMessage: 'Link limit reached for this profile',
      }),
    );
    const form = await renderReady();
    await userEvent.type(within(form).getByLabelText(/URL/), 'https://a.example.org');
    await userEvent.type(within(form).getByLabelText('Max clicks'), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Link limit reached for this profile');
    expect(within(form).getByText('Link limit reached for this profile')).toBeInTheDocument();
    expect(within(form).getByLabelText(/URL/)).toHaveValue('https://a.example.org');
    expect(within(form).getByLabelText('Max clicks')).toHaveValue(3);
    expect(within(form).getByRole('button', { name: 'Add link' })).toBeEnabled();
  });

  it('disables the form with a reason once the 20 links of the plan are used', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => makeLink({ id: `l${i}`, name: `Link ${i}` }));
    mockLinks.mockResolvedValue({ pending: twenty.slice(0, 15), paused: [], completed: twenty.slice(15) });
    const form = await renderReady();
    expect(screen.getByText('20 of 20 links used')).toBeInTheDocument();
    expect(within(form).getByText(/uses all 20 links of the plan/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add link' })).toBeDisabled();
    expect(within(form).getByLabelText(/URL/)).toBeDisabled();
  });

  it('disables the form and offers to subscribe when the plan is inactive', async () => {
    mockProfile.mockResolvedValue(makeUser({ subscription_status: 'inactive' }));
    const form = await renderReady();
    expect(within(form).getByText(/Your plan is inactive/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: /Subscribe/ })).toBeEnabled();
    expect(within(form).getByRole('button', { name: 'Add link' })).toBeDisabled();
  });

  it('a stale tab: "Your plan is already active." re-reads the plan and opens the form', async () => {
    mockProfile.mockResolvedValueOnce(makeUser({ subscription_status: 'inactive' })).mockResolvedValue(makeUser());
    (createPaymentSession as jest.Mock).mockRejectedValue(
      new ApiError('Your plan is already active.', { code: 'already-active', status: 409, serverMessage: 'Your plan is already active.' }),
    );
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      const form = await renderReady();
      await userEvent.click(within(form).getByRole('button', { name: /Subscribe/ }));
      expect(await screen.findByText('Your plan is already active.')).toBeInTheDocument();
      expect(await within(form).findByRole('button', { name: 'Add link' })).toBeEnabled();
      expect(within(form).queryByText(/Your plan is inactive/)).not.toBeInTheDocument();
      expect(within(form).queryByRole('button', { name: /Subscribe/ })).not.toBeInTheDocument();
      // the page stays: no loading state in between
      expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    } finally {
      confirm.mockRestore();
    }
  });

  it("a signed-in sub-profile whose member's plan is inactive is told so, with no purchase it cannot make", async () => {
    mockProfile.mockResolvedValue(makeUser({ subscription_status: 'inactive', account: 'sub-profile' }));
    const form = await renderReady();
    expect(within(form).getByText(/The member's plan is inactive/)).toBeInTheDocument();
    expect(within(form).queryByText(/Your plan is inactive/)).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: /Subscribe/ })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add link' })).toBeDisabled();
  });
});
