/**
 * Every public page of spec §2 renders through the shell (one <h1>, the navbar), reads well on a
 * 360 px phone without sideways scrolling, and is photographed for a person to look at.
 */
import { closeVisitors, disconnectBrowser, newVisitor, PHONE } from '../support/browser';
import { site } from '../support/stack';
import { screenshots } from '../support/shots';
import { scrollWidth } from '../support/layout';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

const PAGES: Array<[string, string, RegExp]> = [
  ['landing', '/', /./],
  ['terms', '/terms', /terms/i],
  ['privacy', '/privacy', /privacy/i],
  ['refundpolicy', '/refundpolicy', /refund/i],
  ['login', '/login', /sign in/i],
  ['signup', '/signup', /account|sign up/i],
  ['forgotpassword', '/forgotpassword', /forgot/i],
  ['resetpassword-no-token', '/resetpassword', /reset/i],
  ['payment-success-no-session', '/payment-success', /payment/i],
  ['admin', '/admin', /admin/i],
];

test.each(PAGES)('%s (%s) renders one heading and fits a phone', async (name, path, heading) => {
  const { page } = await newVisitor();
  await page.goto(site(path));
  const h1 = page.getByRole('heading', { level: 1 });
  await h1.first().waitFor();
  expect(await h1.count()).toBe(1);
  expect(await h1.innerText()).toMatch(heading);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await screenshots(page, 'pages', name);
  await page.setViewportSize(PHONE);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
});
