/**
 * The rotator link (issue 14) in a real browser: a visitor opens `{API}/r/{userId}` and lands on
 * the head of the queue (the click counts); once the head is full the next visitor lands on the
 * next link. The member sees the link, chooses a mode on /Addlinks and the next visit follows it.
 */
import type { Page } from 'playwright-core';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, createMember, publicLinks } from '../support/api';
import { startOfferSites, type OfferSites } from '../support/offer-sites';
import { signedInAt } from '../support/session';
import { screenshots } from '../support/shots';
import { stack } from '../support/stack';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

const rotatorUrl = (userId: string) => `${stack().apiUrl}/r/${encodeURIComponent(userId)}`;

let offers: OfferSites;
beforeAll(async () => {
  offers = await startOfferSites();
});
afterAll(async () => {
  await offers?.close();
});

/** A fresh visitor (their own browser context) follows the rotator link; returns where the browser landed. */
async function follow(userId: string): Promise<{ page: Page; landed: string }> {
  const context = await offers.browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${offers.browser.version().split('.')[0]}.0.0.0 Safari/537.36`,
  });
  const page = await context.newPage();
  const response = await page.goto(rotatorUrl(userId));
  await page.getByRole('heading', { name: 'Offer page' }).waitFor();
  // The browser got the API's redirect (no-store) and followed it.
  const redirect = await response?.request().redirectedFrom()?.response();
  expect(redirect?.status()).toBe(302);
  expect(redirect?.headers()['cache-control']).toBe('no-store');
  const landed = page.url();
  await context.close();
  return { page, landed };
}

test('a visitor following the rotator link lands on the head’s URL; a full head sends the next visitor on', async () => {
  const owner = await createMember('rotator', { active: true, firstName: 'Rita' });
  const head = await addLink(owner.token, owner.userId, { url: 'https://head.example.com/ref?id=7', maxClicks: 1, name: 'Head offer' });
  const next = await addLink(owner.token, owner.userId, { url: 'https://next.example.com/', maxClicks: 5, name: 'Next offer' });

  expect((await follow(owner.userId)).landed).toBe(head.link);
  const afterFirst = await publicLinks(owner.userId);
  expect(afterFirst.completed.map((l) => [l.name, l.clicks])).toEqual([['Head offer', 1]]);

  expect((await follow(owner.userId)).landed).toBe(next.link);
  // The redirect is answered after the click's commit: the count is already there.
  expect((await publicLinks(owner.userId)).pending.map((l) => [l.name, l.clicks])).toEqual([['Next offer', 1]]);
});

test('the member copies the rotator link and switches it to round robin on /Addlinks', async () => {
  const owner = await createMember('rotmode', { active: true });
  const a = await addLink(owner.token, owner.userId, { url: 'https://a.example.com/', maxClicks: 10, name: 'Offer A' });
  const b = await addLink(owner.token, owner.userId, { url: 'https://b.example.com/', maxClicks: 10, name: 'Offer B' });

  const { page } = await newVisitor({ permissions: ['clipboard-read', 'clipboard-write'] });
  await signedInAt(page, owner.token, `/Addlinks?userId=${encodeURIComponent(owner.userId)}`);
  const section = page.getByRole('region', { name: 'Rotator link' });
  await section.getByRole('link', { name: rotatorUrl(owner.userId) }).waitFor();
  await section.getByRole('button', { name: 'Copy rotator link' }).click();
  await section.getByRole('button', { name: 'Copied!' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rotatorUrl(owner.userId));

  await section.getByLabel('Rotation mode').selectOption('round_robin');
  await section.getByText('Visitors take turns').waitFor();
  await section.getByRole('button', { name: 'Save rotator settings' }).click();
  await page.getByText('Rotator settings saved').first().waitFor();
  await screenshots(page, 'rotator', 'addlinks-rotator-settings');

  // Round robin: the visits alternate between the two open links.
  const landed = [];
  for (let i = 0; i < 3; i++) landed.push((await follow(owner.userId)).landed);
  expect(landed).toEqual([a.link, b.link, a.link]);

  // Each link shows its counted and all clicks.
  await page.reload();
  await page
    .getByRole('listitem', { name: 'Offer A' })
    .getByText('2 clicks in all since it was added (repeats and bots included)')
    .waitFor();
});
