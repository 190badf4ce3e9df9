/**
 * The error texts of spec §8 as a person meets them when the API fails under the page (requests
 * cut in the browser with context.route, the server itself untouched): the visitor page, a click,
 * and the profile editor; each page offers a way to try again and recovers.
 */
import type { BrowserContext } from 'playwright-core';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, createMember, publicLinks } from '../support/api';
import { routeExternalLinks } from '../support/links';
import { site, stack } from '../support/stack';
import { signedInAt } from '../support/session';
import { screenshots } from '../support/shots';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

/** Makes calls whose path contains `fragment` fail as a dropped connection, until undone. */
async function cut(context: BrowserContext, fragment: string): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.origin === stack().apiUrl && url.pathname.includes(fragment);
  const handler = (route: import('playwright-core').Route) => route.abort('connectionreset');
  await context.route(matcher, handler);
  return () => context.unroute(matcher, handler);
}

test("the visitor page says 'Failed to load user links.' / 'Failed to load profile data.' and recovers on Try again", async () => {
  const member = await createMember('apidown', { active: true, firstName: 'Ursula' });
  await addLink(member.token, member.userId, { url: 'https://down.example.com/', maxClicks: 2, name: 'Down offer' });
  const { context, page } = await newVisitor();
  const restoreLinks = await cut(context, '/api/public/userliks');
  const restoreProfile = await cut(context, '/api/public/publicProfile');
  await page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
  await page.getByText('Failed to load user links.').waitFor();
  await page.getByText('Failed to load profile data.').waitFor();
  await screenshots(page, 'api-failures', 'profile');

  await restoreLinks();
  await restoreProfile();
  const retries = page.getByRole('button', { name: /try again/i });
  await retries.first().click(); // the profile (it sits above the queue)
  await page.getByRole('heading', { name: /Ursula/, level: 1 }).waitFor();
  await retries.first().click(); // the links
  await page.getByRole('button', { name: 'Open Down offer' }).waitFor();
  expect(await retries.count()).toBe(0);
});

test("a click that cannot be counted says 'Failed to update click count.' and opens no tab", async () => {
  const member = await createMember('clickdown', { active: true });
  const link = await addLink(member.token, member.userId, { url: 'https://nocount.example.com/', maxClicks: 2, name: 'No count offer' });
  const { context, page } = await newVisitor();
  await routeExternalLinks(context);
  await page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
  await page.getByRole('button', { name: 'Open No count offer' }).waitFor();
  const restore = await cut(context, '/api/public/increment-clicks');
  await page.getByRole('button', { name: 'Open No count offer' }).click();
  await page.getByText('Failed to update click count.').first().waitFor();
  // The placeholder tab opened during the tap is closed again; nothing was counted.
  await page.waitForTimeout(500);
  expect(context.pages()).toHaveLength(1);
  expect((await publicLinks(member.userId)).pending.find((l) => l.id === link.id)?.clicks).toBe(0);
  await restore();
});

test("the profile editor says 'Failed to load profile data.' / 'Failed to update profile.' and keeps the typing", async () => {
  const member = await createMember('editdown');
  const { context, page } = await newVisitor();
  const restoreLoad = await cut(context, '/api/auth/aboutProfile');
  await signedInAt(page, member.token, '/editprofile');
  await page.getByText('Failed to load profile data.').waitFor();
  await restoreLoad();
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByLabel('Title').fill('Kept while offline');

  const restoreSave = await cut(context, '/api/auth/updateProfile');
  await page.getByRole('button', { name: /save profile/i }).click();
  await page.getByText('Failed to update profile.').first().waitFor();
  expect(await page.getByLabel('Title').inputValue()).toBe('Kept while offline');
  await restoreSave();
});
