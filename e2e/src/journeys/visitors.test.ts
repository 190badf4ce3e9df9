/**
 * Journey 2 — visitors, each in a fresh browser: only the first pending link is clickable; a later
 * one is refused with 'Complete the previous link first!' (and nothing is counted); clicking the
 * first opens a new tab on the link, shows the server's message and updates the counts, until the
 * link reaches its cap, moves to the completed list and the next link becomes live.
 */
import type { Page } from 'playwright-core';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, createMember, publicLinks, type LinkRow } from '../support/api';
import { routeExternalLinks } from '../support/links';
import { site } from '../support/stack';
import { screenshots } from '../support/shots';
import { eventually } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

const queue = (page: Page) =>
  page.getByRole('region', { name: 'Links to visit' }).or(page.locator('section[aria-labelledby="pub-queue-title"]')).first();
const completedList = (page: Page) => page.locator('section[aria-labelledby="pub-done-title"]');
const openButton = (page: Page, name: string) => queue(page).getByRole('button', { name: `Open ${name}` });

async function visit(userId: string) {
  const visitor = await newVisitor();
  await routeExternalLinks(visitor.context);
  await visitor.page.goto(site(`/profile?userId=${encodeURIComponent(userId)}`));
  await queue(visitor.page).getByRole('button').first().waitFor();
  return visitor;
}

/** Clicks the live link; returns the new tab's address and the message the server answered. */
async function clickHead(visitor: Awaited<ReturnType<typeof visit>>, link: LinkRow): Promise<{ tabUrl: string; message: string }> {
  const { page, context } = visitor;
  const answer = page.waitForResponse((r) => r.url().includes('/api/public/increment-clicks') && r.request().method() === 'POST');
  const tab = context.waitForEvent('page');
  await openButton(page, link.name).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const message = ((await response.json()) as { message: string }).message;
  const newTab = await tab;
  await newTab.waitForURL(link.link);
  // The member's site cannot reach back into the visitor page (noopener).
  expect(await newTab.evaluate(() => window.opener === null)).toBe(true);
  await page.getByText(message).first().waitFor();
  const tabUrl = newTab.url();
  await newTab.close();
  return { tabUrl, message };
}

test('visitors click the queue in order; a capped link completes and the next becomes live', async () => {
  const owner = await createMember('queue', { active: true, firstName: 'Quinn' });
  const first = await addLink(owner.token, owner.userId, { url: 'https://first.example.com/ref?a=1', maxClicks: 2, name: 'First offer' });
  const second = await addLink(owner.token, owner.userId, { url: 'https://second.example.com/', maxClicks: 1, name: 'Second offer' });
  const third = await addLink(owner.token, owner.userId, { url: 'https://third.example.com/', maxClicks: null, name: 'Third offer' });

  // Visitor 1: sees the owner and the queue; only the first is live.
  const v1 = await visit(owner.userId);
  await v1.page.getByText('Quinn').first().waitFor();
  expect(await openButton(v1.page, first.name).getAttribute('aria-disabled')).toBeNull();
  expect(await openButton(v1.page, second.name).getAttribute('aria-disabled')).toBe('true');
  expect(await openButton(v1.page, third.name).getAttribute('aria-disabled')).toBe('true');
  await screenshots(v1.page, 'visitors', 'profile');

  // A later link is refused: the message, no new tab, nothing counted.
  let tabs = 0;
  v1.context.on('page', () => (tabs += 1));
  // aria-disabled (not disabled): a tap still lands, so the page can say why it is refused.
  await openButton(v1.page, second.name).click({ force: true });
  await v1.page.getByText('Complete the previous link first!').first().waitFor();
  await v1.page.waitForTimeout(300);
  expect(tabs).toBe(0);
  expect((await publicLinks(owner.userId)).pending.map((l) => l.clicks)).toEqual([0, 0, 0]);

  // The first link: a new tab on its address, the server's message, the count moves to 1 / 2.
  const click1 = await clickHead(v1, first);
  expect(click1.tabUrl).toBe(first.link);
  await eventually(async () => expect(await openButton(v1.page, first.name).innerText()).toMatch(/1\s*\/\s*2 clicks/));
  expect((await publicLinks(owner.userId)).pending[0].clicks).toBe(1);

  // Visitor 2, fresh browser: the second click completes the first link.
  const v2 = await visit(owner.userId);
  await eventually(async () => expect(await openButton(v2.page, first.name).innerText()).toMatch(/1\s*\/\s*2 clicks/));
  await clickHead(v2, first);
  await completedList(v2.page).getByText(first.name).waitFor();
  await openButton(v2.page, first.name).waitFor({ state: 'detached' });
  await eventually(async () => expect(await openButton(v2.page, second.name).getAttribute('aria-disabled')).toBeNull());
  expect(await openButton(v2.page, third.name).getAttribute('aria-disabled')).toBe('true');
  await screenshots(v2.page, 'visitors', 'profile-after-completion');

  const lists = await publicLinks(owner.userId);
  expect(lists.completed.map((l) => [l.name, l.clicks])).toEqual([[first.name, 2]]);
  expect(lists.pending.map((l) => l.name)).toEqual([second.name, third.name]);

  // Visitor 1's page is stale (first still live there): the server refuses, nothing is counted
  // beyond the cap, and the page catches up with the queue.
  const refused = v1.page.waitForResponse((r) => r.url().includes('/api/public/increment-clicks'));
  await openButton(v1.page, first.name).click();
  expect((await refused).status()).toBe(409);
  await completedList(v1.page).getByText(first.name).waitFor();
  expect((await publicLinks(owner.userId)).completed[0].clicks).toBe(2);

  // Visitor 3: the second link (cap 1) completes in one click; the unlimited one is live and stays.
  const v3 = await visit(owner.userId);
  await clickHead(v3, second);
  await completedList(v3.page).getByText(second.name).waitFor();
  await eventually(async () => expect(await openButton(v3.page, third.name).getAttribute('aria-disabled')).toBeNull());
  await clickHead(v3, third);
  await eventually(async () => expect(await openButton(v3.page, third.name).innerText()).toMatch(/1\s*\/\s*∞ clicks/));
});

test('an unknown profile id shows a clear not-found page', async () => {
  const { page } = await newVisitor();
  await page.goto(site('/profile?userId=does-not-exist-0000'));
  await page.getByRole('heading', { name: /not found/i }).waitFor();
  await screenshots(page, 'visitors', 'profile-not-found');
});
