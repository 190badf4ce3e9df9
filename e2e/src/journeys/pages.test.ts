/**
 * Every public page of spec §2 renders through the shell (one <h1>, the navbar), reads well on a
 * 360 px phone without sideways scrolling, and is photographed for a person to look at.
 */
import { closeVisitors, disconnectBrowser, newVisitor, PHONE } from '../support/browser';
import { site } from '../support/stack';
import { screenshots } from '../support/shots';
import { scrollWidth } from '../support/layout';
import { eventually } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

// The last column is the tab's title (issue 13: each page names itself, not just "Rotalink").
const PAGES: Array<[string, string, RegExp, string]> = [
  ['landing', '/', /./, 'Link rotator for network & affiliate marketers · Rotalink'],
  ['terms', '/terms', /terms/i, 'Terms of Service · Rotalink'],
  ['privacy', '/privacy', /privacy/i, 'Privacy Policy · Rotalink'],
  ['refundpolicy', '/refundpolicy', /refund/i, 'Refund Policy · Rotalink'],
  ['login', '/login', /sign in/i, 'Sign in · Rotalink'],
  ['signup', '/signup', /account|sign up/i, 'Sign up · Rotalink'],
  ['forgotpassword', '/forgotpassword', /forgot/i, 'Forgot password · Rotalink'],
  ['resetpassword-no-token', '/resetpassword', /reset/i, 'Reset password · Rotalink'],
  ['payment-success-no-session', '/payment-success', /payment/i, 'Payment · Rotalink'],
  ['admin', '/admin', /admin/i, 'Admin sign in · Rotalink'],
];

test.each(PAGES)('%s (%s) renders one heading, names its tab and fits a phone', async (name, path, heading, title) => {
  const { page } = await newVisitor();
  await page.goto(site(path));
  const h1 = page.getByRole('heading', { level: 1 });
  await h1.first().waitFor();
  expect(await h1.count()).toBe(1);
  expect(await h1.innerText()).toMatch(heading);
  await eventually(async () => expect(await page.title()).toBe(title)); // set by the page's effect
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await screenshots(page, 'pages', name);
  await page.setViewportSize(PHONE);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
});
