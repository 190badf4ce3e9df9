/**
 * Issue 16 in a real browser: the member pauses the live (head) link on /Addlinks; a visitor's
 * public page then offers the next link as the live one and does not show the paused one; Resume
 * puts it back at the head. "Check now" checks a destination through the API and shows the result
 * beside the link (200 from a local HTTPS server the API is allowed to reach, then a 404).
 */
import type { Page } from 'playwright-core';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, createMember, publicLinks } from '../support/api';
import { controls, scrollWidth } from '../support/layout';
import { startCheckTarget, type CheckTarget } from '../support/check-target';
import { routeExternalLinks } from '../support/links';
import { signedInAt } from '../support/session';
import { screenshots } from '../support/shots';
import { site } from '../support/stack';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

let target: CheckTarget;
beforeAll(async () => {
  target = await startCheckTarget();
});
afterAll(async () => {
  await target?.close();
});

const publicQueue = (page: Page) => page.locator('section[aria-labelledby="pub-queue-title"]');
const pending = (page: Page) => page.getByRole('region', { name: /^Pending/ });
const paused = (page: Page) => page.getByRole('region', { name: /^Paused/ });

/** A fresh visitor's view of the public page: the names of the open links, and the live one. */
async function visitorSees(userId: string): Promise<{ names: string[]; live: string[] }> {
  const { page, context } = await newVisitor();
  await routeExternalLinks(context);
  await page.goto(site(`/profile?userId=${encodeURIComponent(userId)}`));
  const buttons = publicQueue(page).getByRole('button', { name: /^Open / });
  await buttons.first().waitFor();
  const names: string[] = [];
  const live: string[] = [];
  for (const button of await buttons.all()) {
    const name = ((await button.getAttribute('aria-label')) ?? (await button.innerText())).replace(/^Open /, '');
    names.push(name);
    if ((await button.getAttribute('aria-disabled')) === null) live.push(name);
  }
  await context.close();
  return { names, live };
}

test('pausing the live link makes the next one live for visitors; Resume puts it back at the head', async () => {
  const owner = await createMember('pause', { active: true, firstName: 'Paula' });
  await addLink(owner.token, owner.userId, { url: 'https://head.example.com/', maxClicks: 5, name: 'Head offer' });
  await addLink(owner.token, owner.userId, { url: 'https://next.example.com/', maxClicks: 5, name: 'Next offer' });
  expect(await visitorSees(owner.userId)).toEqual({ names: ['Head offer', 'Next offer'], live: ['Head offer'] });

  const { page } = await newVisitor();
  await signedInAt(page, owner.token, `/Addlinks?userId=${encodeURIComponent(owner.userId)}`);
  await pending(page).getByRole('button', { name: 'Pause Head offer' }).click();
  const item = paused(page).getByRole('listitem', { name: 'Head offer' });
  await item.getByText(/^Paused by you on/).waitFor();
  await paused(page).getByRole('heading', { name: 'Paused (1)' }).waitFor();
  expect(await pending(page).getByRole('listitem').count()).toBe(1);
  await pending(page).getByRole('listitem', { name: 'Next offer' }).getByText('live').waitFor();
  await screenshots(page, 'link-health', 'addlinks-paused');

  // The visitor page: the next link is the live one; the paused one is not shown at all.
  expect(await visitorSees(owner.userId)).toEqual({ names: ['Next offer'], live: ['Next offer'] });
  const lists = await publicLinks(owner.userId);
  expect([...lists.pending, ...lists.completed].map((l) => l.name)).toEqual(['Next offer']);

  // The same page on a 360 px phone: no sideways scroll; Resume and Check now on screen and big enough.
  const phone = await newVisitor({ phone: true });
  await signedInAt(phone.page, owner.token, `/Addlinks?userId=${encodeURIComponent(owner.userId)}`);
  await paused(phone.page).getByRole('heading', { name: 'Paused (1)' }).waitFor();
  // The heading can come before the rows' buttons: wait for the ones this checks (flaky in CI once).
  for (const name of ['Resume Head offer', 'Check Head offer now', 'Pause Next offer'])
    await phone.page.getByRole('button', { name, exact: true }).waitFor();
  expect(await scrollWidth(phone.page)).toBeLessThanOrEqual(360);
  const healthButtons = (await controls(phone.page)).filter((c) => /^button "(Resume|Check|Pause) /.test(c.what));
  expect(healthButtons.map((c) => c.what)).toEqual(
    expect.arrayContaining(['button "Resume Head offer"', 'button "Check Head offer now"', 'button "Pause Next offer"']),
  );
  for (const c of healthButtons) {
    expect(c.left).toBeGreaterThanOrEqual(0);
    expect(c.right).toBeLessThanOrEqual(360);
    expect(c.height).toBeGreaterThanOrEqual(40);
  }
  await phone.context.close();

  await item.getByRole('button', { name: 'Resume Head offer' }).click();
  await paused(page).getByRole('heading', { name: 'Paused (0)' }).waitFor();
  await pending(page).getByRole('listitem', { name: 'Head offer' }).getByText('live').waitFor();
  expect(await visitorSees(owner.userId)).toEqual({ names: ['Head offer', 'Next offer'], live: ['Head offer'] });
});

test('Check now checks the destination and shows the result beside the link', async () => {
  const owner = await createMember('checknow', { active: true });
  await addLink(owner.token, owner.userId, { url: `${target.base}/offer`, maxClicks: 5, name: 'Working offer' });
  await addLink(owner.token, owner.userId, { url: `${target.base}/gone`, maxClicks: 5, name: 'Gone offer' });

  const { page } = await newVisitor();
  await signedInAt(page, owner.token, `/Addlinks?userId=${encodeURIComponent(owner.userId)}`);
  const working = pending(page).getByRole('listitem', { name: 'Working offer' });
  await working.getByRole('button', { name: 'Check Working offer now' }).click();
  await working
    .getByRole('status')
    .getByText(/^Checked now: .+ — OK: HTTP 200$/)
    .waitFor();

  const gone = pending(page).getByRole('listitem', { name: 'Gone offer' });
  await gone.getByRole('button', { name: 'Check Gone offer now' }).click();
  await gone
    .getByRole('status')
    .getByText(/^Checked now: .+ — Failed: HTTP 404$/)
    .waitFor();
  // One failure does not pause a link (three in a row do): it stays in the queue.
  expect(await pending(page).getByRole('listitem').count()).toBe(2);
  await screenshots(page, 'link-health', 'addlinks-check-now');
});
