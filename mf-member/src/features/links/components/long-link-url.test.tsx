import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMemberLinks, getProfile, getSubProfiles, tokenStore } from '@rotalink/shared-api';
import { applyStylesheets } from '@rotalink/build-config/test-stylesheets';
import { makeLink, makeUser } from '../../../test-utils/fixtures';
import { renderPage } from '../../../test-utils/render-page';
import { AddLinksPage } from './add-links-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  ...jest.requireActual('../../../test-utils/section-stubs').sharedApiSections(),
  getProfile: jest.fn(),
  getSubProfiles: jest.fn(),
  getMemberLinks: jest.fn(),
  // The page's side section and live poll: never answered here (their own tests cover them).
  getRotatorSettings: jest.fn(() => new Promise(() => {})),
}));
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  ...jest.requireActual('../../../test-utils/section-stubs').liveSections(),
  pollMemberLinks: jest.fn(() => new Promise(() => {})),
}));

// A tracking URL pasted whole: 2,000 characters, no space to wrap at.
const LONG_URL = 'https://shop.example.com/ref?utm=' + 'a1B2c3D4e5'.repeat(196) + 'f6G7h8i';

let removeStyles: () => void;
beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
  (getProfile as jest.Mock).mockResolvedValue(makeUser());
  (getSubProfiles as jest.Mock).mockResolvedValue({ subProfiles: [] });
  (getMemberLinks as jest.Mock).mockResolvedValue({
    pending: [makeLink({ id: 'l1', name: 'Big shop', link: LONG_URL })],
    paused: [],
    completed: [],
  });
  removeStyles = applyStylesheets(path.join(__dirname, '../../../components/mem.css'));
});
afterEach(() => removeStyles());

describe('AddLinksPage: a very long link URL', () => {
  it('is clamped to 3 lines on its card, wraps anywhere, and stays whole in its title and the edit form', async () => {
    expect(LONG_URL).toHaveLength(2000);
    renderPage(<AddLinksPage />, { path: '/Addlinks', url: '/Addlinks?userId=u_member1' });
    const card = within(await screen.findByRole('listitem', { name: 'Big shop' }));
    const url = card.getByRole('link', { name: LONG_URL });
    // jsdom does no layout: assert the rules that cut the text after 3 lines (with an ellipsis)
    const style = getComputedStyle(url);
    expect(style.getPropertyValue('-webkit-line-clamp')).toBe('3');
    expect(style.display).toBe('-webkit-box');
    expect(style.overflow).toBe('hidden');
    // …and that let it break between any two characters, so nothing scrolls sideways at 360 px
    expect(style.overflowWrap).toBe('anywhere');
    // the whole URL: on hover, and as the anchor's text (a screen reader and find-in-page get it all)
    expect(url).toHaveAttribute('title', LONG_URL);
    expect(url).toHaveTextContent(LONG_URL);
    expect(url).toHaveAttribute('href', LONG_URL);

    await userEvent.click(card.getByRole('button', { name: 'Edit Big shop' }));
    expect(within(screen.getByRole('form', { name: 'Edit Big shop' })).getByLabelText(/URL/)).toHaveValue(LONG_URL);
  });

  it('without a name, its buttons name it by a short form of the address, not all 2,000 characters', async () => {
    (getMemberLinks as jest.Mock).mockResolvedValue({
      pending: [makeLink({ id: 'l1', name: '', link: LONG_URL })],
      paused: [],
      completed: [],
    });
    renderPage(<AddLinksPage />, { path: '/Addlinks', url: '/Addlinks?userId=u_member1' });
    const short = `${LONG_URL.slice(0, 59)}…`;
    const edit = await screen.findByRole('button', { name: `Edit ${short}` });
    expect(edit.getAttribute('aria-label') ?? edit.textContent ?? '').not.toContain(LONG_URL.slice(100, 140));
  });
});
