import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { applyStylesheets } from '@rotalink/build-config/test-stylesheets';
import { tokenStore } from '@rotalink/shared-api';
import { Navbar } from './navbar';

function renderNavbar() {
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }} initialEntries={['/']}>
      <Navbar />
      <main>
        <p>Page text</p>
      </main>
    </MemoryRouter>,
  );
  const nav = within(screen.getByRole('navigation', { name: 'Main' }));
  return { nav, menu: nav.getByRole('button', { name: 'Menu' }) };
}

beforeEach(() => tokenStore.clear());

describe('the phone menu closes on a tap outside it', () => {
  it('a tap on the page below folds the menu back', async () => {
    const { menu } = renderNavbar();
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByText('Page text'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('rl-nav-links')).not.toHaveClass('is-open');
  });

  it('a tap inside the open menu (between its links) leaves it open, and Menu still toggles it', async () => {
    const { nav, menu } = renderNavbar();
    await userEvent.click(menu);
    await userEvent.click(document.getElementById('rl-nav-links') as HTMLElement);
    await userEvent.pointer({ keys: '[TouchA]', target: nav.getByRole('link', { name: 'Sign up' }).parentElement as HTMLElement });
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the header stays put when the phone menu opens', () => {
  let removeStyles: () => void;
  beforeEach(() => {
    removeStyles = applyStylesheets(path.join(__dirname, 'navbar.css'));
  });
  afterEach(() => removeStyles());

  // In Chromium at 360 px the Menu button's top went from y=7 to y=0: its row was 56 px only through
  // the bar's min-height, and once the open list wrapped below, the row shrank to its tallest item.
  // jsdom does no layout, so this checks that the row holds its own 56 px in both states.
  it('the first row keeps the bar height by itself, open or closed', async () => {
    const { nav, menu } = renderNavbar();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    const brand = nav.getByRole('link', { name: 'Rotalink' });
    expect(getComputedStyle(bar).minHeight).toBe('56px');
    expect(getComputedStyle(brand).minHeight).toBe('56px');
    await userEvent.click(menu);
    expect(getComputedStyle(brand).minHeight).toBe('56px');
  });
});
