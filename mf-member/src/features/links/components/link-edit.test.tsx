import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, CLICK_PARAM_INVALID, getMemberLinks, getProfile, getSubProfiles, tokenStore, updateLink } from '@rotalink/shared-api';
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
  updateLink: jest.fn(),
}));
// Issue 15's live poll of the lists: never answered here (add-links-page.test.tsx covers it).
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  ...jest.requireActual('../../../test-utils/section-stubs').liveSections(),
  pollMemberLinks: jest.fn(() => new Promise(() => {})),
}));
const mockLinks = getMemberLinks as jest.MockedFunction<typeof getMemberLinks>;
const mockUpdate = updateLink as jest.MockedFunction<typeof updateLink>;

const shop = makeLink({ id: 'l1', name: 'Shop', link: 'https://shop.example.com', clicks: 4, max_clicks: 10 });
const done = makeLink({ id: 'l9', name: 'Done deal', link: 'https://done.example.com', clicks: 5, max_clicks: 5 });

async function renderReady() {
  renderPage(<AddLinksPage />, { path: '/Addlinks', url: '/Addlinks?userId=u_member1' });
  await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
}
const item = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  (getProfile as jest.Mock).mockResolvedValue(makeUser());
  (getSubProfiles as jest.Mock).mockResolvedValue({ subProfiles: [] });
  mockLinks.mockResolvedValue({ pending: [shop], paused: [], completed: [done] });
});

describe('AddLinksPage: editing a link in place', () => {
  it('opens the form filled in, saves name, URL and cap, and shows the reloaded link', async () => {
    const edited = { ...shop, name: 'Big shop', link: 'https://www.big.example.com', max_clicks: 20 };
    mockUpdate.mockResolvedValue({ message: 'Link updated successfully', link: edited });
    await renderReady();
    await userEvent.click(within(item('Shop')).getByRole('button', { name: 'Edit Shop' }));
    const form = screen.getByRole('form', { name: 'Edit Shop' });
    const url = within(form).getByLabelText(/URL/);
    expect(url).toHaveValue('https://shop.example.com');
    expect(url).toHaveFocus();
    expect(within(form).getByLabelText(/Name/)).toHaveValue('Shop');
    expect(within(form).getByLabelText('Max clicks')).toHaveValue(10);

    await userEvent.clear(url);
    await userEvent.type(url, 'www.big.example.com');
    await userEvent.clear(within(form).getByLabelText(/Name/));
    await userEvent.type(within(form).getByLabelText(/Name/), 'Big shop');
    await userEvent.clear(within(form).getByLabelText('Max clicks'));
    await userEvent.type(within(form).getByLabelText('Max clicks'), '20');
    mockLinks.mockResolvedValueOnce({ pending: [edited], paused: [], completed: [done] });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(mockUpdate).toHaveBeenCalledWith({
      link_id: 'l1',
      user_id: 'u_member1',
      link: 'www.big.example.com',
      name: 'Big shop',
      max_clicks: 20,
    });
    expect(await screen.findByText('Link updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('4 / 20 counted')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit Shop' })).not.toBeInTheDocument();
    expect(within(item('Big shop')).getByRole('button', { name: 'Edit Big shop' })).toHaveFocus();
  });

  it('says before saving that a cap at or below the clicks completes the link; unlimited is sent as null', async () => {
    mockUpdate.mockResolvedValue({ message: 'Link updated successfully', link: shop });
    await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Shop' }));
    const form = screen.getByRole('form', { name: 'Edit Shop' });
    await userEvent.clear(within(form).getByLabelText('Max clicks'));
    await userEvent.type(within(form).getByLabelText('Max clicks'), '3');
    expect(within(form).getByText(/At or below the 4 clicks counted so far: the link completes as soon as you save/)).toBeInTheDocument();
    await userEvent.click(within(form).getByLabelText('Unlimited clicks (∞)'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(mockUpdate).toHaveBeenCalledWith(expect.objectContaining({ link_id: 'l1', max_clicks: null }));
  });

  it('says the most max clicks can be when the new cap is above it', async () => {
    await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Shop' }));
    const form = screen.getByRole('form', { name: 'Edit Shop' });
    await userEvent.clear(within(form).getByLabelText('Max clicks'));
    await userEvent.type(within(form).getByLabelText('Max clicks'), '1000000001');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Max clicks can be at most 1,000,000,000, or choose unlimited.')).toBeInTheDocument();
    expect(mockUpdate).not.toHaveBeenCalled();
  });

  it('checks the URL rule before any call, and Escape closes the form unchanged', async () => {
    await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Shop' }));
    const form = screen.getByRole('form', { name: 'Edit Shop' });
    await userEvent.clear(within(form).getByLabelText(/URL/));
    await userEvent.type(within(form).getByLabelText(/URL/), 'http://insecure.example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText("URL must start with 'https://' or 'www.'")).toBeInTheDocument();
    expect(mockUpdate).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit Shop' })).not.toBeInTheDocument();
    expect(within(item('Shop')).getByText('https://shop.example.com')).toBeInTheDocument();
  });

  it("keeps the typing and shows the server's reason when saving fails", async () => {
    mockUpdate.mockRejectedValue(new ApiError('Link not found.', { code: 'not-found', status: 404, serverMessage: 'Link not found.' }));
    await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Shop' }));
    const form = screen.getByRole('form', { name: 'Edit Shop' });
    await userEvent.type(within(form).getByLabelText(/Name/), ' 2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByText('Link not found.')).toBeInTheDocument());
    expect(within(form).getByLabelText(/Name/)).toHaveValue('Shop 2');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('edits a completed link too (raising its cap reopens it)', async () => {
    mockUpdate.mockResolvedValue({ message: 'Link updated successfully', link: { ...done, max_clicks: 8 } });
    await renderReady();
    const completed = screen.getByRole('region', { name: /Completed/ });
    await userEvent.click(within(completed).getByRole('button', { name: 'Edit Done deal' }));
    const form = screen.getByRole('form', { name: 'Edit Done deal' });
    await userEvent.clear(within(form).getByLabelText('Max clicks'));
    await userEvent.type(within(form).getByLabelText('Max clicks'), '8');
    mockLinks.mockResolvedValueOnce({ pending: [shop, { ...done, max_clicks: 8 }], paused: [], completed: [] });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(mockUpdate).toHaveBeenCalledWith({
      link_id: 'l9',
      user_id: 'u_member1',
      link: 'https://done.example.com',
      name: 'Done deal',
      max_clicks: 8,
    });
    const pending = screen.getByRole('region', { name: /Pending/ });
    expect(await within(pending).findByText('5 / 8 counted')).toBeInTheDocument();
  });

  it('issue 30: edits the click-id parameter with the macros hint, refuses a bad one before any call, and clears it with null', async () => {
    const tracked = { ...shop, click_param: 'aff_sub' };
    mockLinks.mockResolvedValue({ pending: [tracked], paused: [], completed: [done] });
    mockUpdate.mockResolvedValue({ message: 'Link updated successfully', link: shop });
    await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Shop' }));
    const form = screen.getByRole('form', { name: 'Edit Shop' });
    const param = within(form).getByLabelText(/Click-id parameter/);
    expect(param).toHaveValue('aff_sub');
    expect(param).toHaveAccessibleDescription(/subid, s2, aff_sub.*\{click_id\}, \{link_id\}, \{profile_id\}, \{source\}/);

    await userEvent.clear(param);
    await userEvent.type(param, 'sub id');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(CLICK_PARAM_INVALID)).toBeInTheDocument();
    expect(param).toHaveAttribute('aria-invalid', 'true');
    expect(mockUpdate).not.toHaveBeenCalled();

    await userEvent.clear(param);
    await userEvent.type(param, ' s2 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(mockUpdate).toHaveBeenLastCalledWith(expect.objectContaining({ link_id: 'l1', click_param: 's2' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Shop' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Edit Shop' }));
    const again = screen.getByRole('form', { name: 'Edit Shop' });
    await userEvent.clear(within(again).getByLabelText(/Click-id parameter/));
    await userEvent.click(within(again).getByRole('button', { name: 'Save' }));
    expect(mockUpdate).toHaveBeenLastCalledWith(expect.objectContaining({ link_id: 'l1', click_param: null }));
  });

  it("issue 30: the server's refusal of a parameter is shown and the typing kept", async () => {
    mockUpdate.mockRejectedValue(new ApiError(CLICK_PARAM_INVALID, { code: 'invalid', status: 400, serverMessage: CLICK_PARAM_INVALID }));
    await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Shop' }));
    const form = screen.getByRole('form', { name: 'Edit Shop' });
    await userEvent.type(within(form).getByLabelText(/Click-id parameter/), 'subid');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByText(CLICK_PARAM_INVALID)).toBeInTheDocument());
    expect(within(form).getByLabelText(/Click-id parameter/)).toHaveValue('subid');
  });
});
