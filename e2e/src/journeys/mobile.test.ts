/**
 * Journey 7 — a 360×740 phone: the public page and the dashboard have no horizontal scrolling,
 * every control is on screen and reachable, and touch targets are at least 40 px (front-end
 * contract).
 */
import type { Page } from 'playwright-core';
import { closeVisitors, disconnectBrowser, newVisitor, PHONE } from '../support/browser';
import { addLink, adminToken, createMember, raw, type Member } from '../support/api';
import { screenshots } from '../support/shots';
import { site } from '../support/stack';
import { signedInAt } from '../support/session';
import { controls, overlaps, screenBox, scrollWidth } from '../support/layout';
import { join } from 'node:path';
import { stack } from '../support/stack';
import { DESKTOP } from '../support/browser';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

let member: Member;
beforeAll(async () => {
  member = await createMember('phone', { active: true, firstName: 'Philippa', lastName: 'Longsurname-Withoutbreaks' });
  await addLink(member.token, member.userId, {
    url: 'https://a-very-long-subdomain-name-for-testing.example.com/some/deep/path?ref=1234567890',
    maxClicks: 10,
    name: 'A link with a rather long name to wrap on a phone',
  });
  await addLink(member.token, member.userId, { url: 'https://short.example.com/', maxClicks: null, name: 'Short' });
});

async function checkPhoneLayout(page: Page) {
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  const boxes = await controls(page);
  expect(boxes.length).toBeGreaterThan(0);
  // Every control lies within the screen's width (reachable without sideways scrolling).
  expect(boxes.filter((b) => b.left < 0 || b.right > PHONE.width)).toEqual([]);
  return boxes;
}

test('the public page on a phone: no sideways scrolling, every control on screen', async () => {
  const { page } = await newVisitor({ phone: true });
  await page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
  await page.getByRole('button', { name: /^Open A link with/ }).waitFor();
  const boxes = await checkPhoneLayout(page);
  expect(boxes.some((b) => b.what.includes('Open Short'))).toBe(true);
});

test('the dashboard on a phone: no sideways scrolling, every control on screen', async () => {
  const { page } = await newVisitor({ phone: true });
  await signedInAt(page, member.token, '/user');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByText(member.email).first().waitFor();
  const boxes = await checkPhoneLayout(page);
  expect(boxes.some((b) => /copy/i.test(b.what))).toBe(true);
});

test('touch targets on the phone pages are at least 40 px high', async () => {
  const { page } = await newVisitor({ phone: true });
  const small: string[] = [];
  for (const path of [`/profile?userId=${encodeURIComponent(member.userId)}`, '/user']) {
    await signedInAt(page, member.token, path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    for (const b of await controls(page)) {
      // Inline text links inside a sentence are exempt; buttons and fields are not.
      if (!b.what.startsWith('a ') && b.height < 40) small.push(`${path}: ${b.what} is ${b.height}px high`);
    }
  }
  expect(small).toEqual([]);
});

test('every member and admin page fits a phone too, with one <h1>', async () => {
  const sub = await raw('POST', '/api/auth/subprofile', {
    token: member.token,
    body: { firstName: 'Phone', lastName: 'Sub', email: '', phone: '+1 555 0142', password: '' },
  });
  const subId = (sub.body as { user_id: string }).user_id;
  const { page } = await newVisitor({ phone: true });
  const pages: Array<[string, string, boolean]> = [
    ['/editprofile', 'Edit profile', false],
    ['/addprofile', 'Add a sub-profile', false],
    [`/editsubprofile?userId=${encodeURIComponent(subId)}`, 'Phone Sub', false],
    [`/Addlinks?userId=${encodeURIComponent(member.userId)}`, 'Philippa', false],
    ['/admin_dashboard', 'Users', true],
    [`/user-details?userId=${encodeURIComponent(member.userId)}`, 'Philippa', true],
  ];
  const admin = await adminToken();
  const problems: string[] = [];
  for (const [path, heading, asAdmin] of pages) {
    await signedInAt(page, asAdmin ? admin : member.token, path, { admin: asAdmin });
    await page
      .getByRole('heading', { name: new RegExp(heading), level: 1 })
      .or(page.getByRole('textbox').first())
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await screenshots(
      page,
      'mobile',
      path
        .split('?')[0]
        .replace(/[^a-z_]+/gi, '')
        .toLowerCase(),
    );
    await page.setViewportSize(PHONE);
    const headings = await page.getByRole('heading', { level: 1 }).count();
    if (headings !== 1) problems.push(`${path}: ${headings} <h1> headings (the contract says one per page)`);
    const width = await scrollWidth(page);
    if (width > PHONE.width) problems.push(`${path}: the page is ${width}px wide`);
    for (const b of await controls(page)) {
      if (b.left < 0 || b.right > PHONE.width) problems.push(`${path}: ${b.what} spans ${b.left}..${b.right}px`);
    }
  }
  expect(problems).toEqual([]);
});

test('on a phone the navbar folds behind Menu, and its entries are reachable from there', async () => {
  const { page } = await newVisitor({ phone: true });
  await signedInAt(page, member.token, `/profile?userId=${encodeURIComponent(member.userId)}`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  await menu.waitFor();
  expect(await nav.getByRole('link', { name: 'User Panel' }).isVisible()).toBe(false);
  await menu.click();
  const userPanel = nav.getByRole('link', { name: 'User Panel' });
  await userPanel.waitFor();
  const box = await userPanel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  await userPanel.click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  // The menu closed on the way; it opens again for Logout.
  await menu.click();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

/**
 * Issue 13: toasts covered the navbar on a desktop and the whole header on a phone. They stay
 * top-right (spec §9), but open below the navbar — also below the taller, unfolded phone menu —
 * and narrower than the screen. Screenshots: e2e/artifacts/mobile-toast-*.png.
 */
test('a toast never covers the header: at 360 px (menu folded and unfolded) and on a desktop', async () => {
  const { page } = await newVisitor({ phone: true });
  await page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
  const later = page.getByRole('button', { name: 'Open Short' });
  await later.waitFor();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Complete the previous link first!' });

  const check = async (label: string, width: number) => {
    // aria-disabled (not disabled): a later link can be pressed and is refused with a toast. By
    // the keyboard: a tap outside the unfolded phone menu would fold it (shell navbar).
    await later.focus();
    await page.keyboard.press('Enter');
    await toast.first().waitFor();
    await page.waitForTimeout(800); // the slide-in animation ends where the toast stays
    await page.screenshot({ path: join(stack().artifacts, `mobile-toast-${label}.png`) });
    const header = await screenBox(page, 'header.rl-navbar');
    const shown = await screenBox(page, '.Toastify__toast');
    expect(header && shown).toBeTruthy();
    if (!header || !shown) return;
    expect({ label, overlaps: overlaps(header, shown) }).toEqual({ label, overlaps: false });
    expect(shown.top).toBeGreaterThanOrEqual(header.bottom);
    expect(shown.right).toBeLessThanOrEqual(width); // on screen, at the right
    expect(shown.right).toBeGreaterThan(width - 40);
    if (width === PHONE.width) expect(shown.right - shown.left).toBeLessThan(PHONE.width - 32); // narrower than the screen
    await page.locator('.Toastify__close-button').first().click();
    await toast.first().waitFor({ state: 'detached' });
  };

  await check('phone', PHONE.width);

  // The menu unfolded makes the header taller: toasts move down with it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).waitFor();
  await check('phone-menu-open', PHONE.width);
  // The toast's close button was a tap outside the menu: it folds, as any tap on the page does.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).waitFor({ state: 'hidden' });

  await page.setViewportSize(DESKTOP);
  await check('desktop', DESKTOP.width);
});
