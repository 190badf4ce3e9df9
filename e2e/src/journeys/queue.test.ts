/**
 * Issue 13 in the browser: editing a link, reordering the queue by keyboard and by drag, the
 * warning for a link added behind an unlimited (∞) link with "Move it ahead", and deleting a
 * sub-profile from the dashboard.
 */
import type { Page } from 'playwright-core';
import { PHONE } from '../support/browser';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, clickLink, createMember, publicLinks, raw, subProfiles } from '../support/api';
import { signedInAt } from '../support/session';
import { site } from '../support/stack';
import { screenshots } from '../support/shots';
import { addLinkForm, eventually, pageText } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

const linksPage = (userId: string) => `/Addlinks?userId=${encodeURIComponent(userId)}`;
const section = (page: Page, heading: RegExp) => page.locator('section').filter({ has: page.getByRole('heading', { name: heading }) });
const pendingNames = async (userId: string) => (await publicLinks(userId)).pending.map((l) => l.name);
const queueOnPage = (page: Page) =>
  section(page, /^Pending/)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));

test('edit a link in place; a cap lowered below its clicks completes it at once', async () => {
  const member = await createMember('editlink', { active: true });
  const shop = await addLink(member.token, member.userId, { url: 'https://shop.example.com/', maxClicks: 10, name: 'Shop' });
  await addLink(member.token, member.userId, { url: 'https://next.example.com/', maxClicks: 10, name: 'Next' });
  for (let i = 0; i < 3; i += 1) await clickLink(shop.id);

  const { page } = await newVisitor();
  await signedInAt(page, member.token, linksPage(member.userId));
  await page.getByRole('button', { name: 'Edit Shop' }).click();
  const form = page.getByRole('form', { name: 'Edit Shop' });
  await form.getByLabel('URL').fill('www.bigshop.example.com/ref');
  await form.getByLabel('Name').fill('Big shop');
  await form.getByLabel('Max clicks').fill('20');
  await screenshots(page, 'queue', 'edit-link');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('listitem', { name: 'Big shop' }).getByText('3 / 20 counted').waitFor();
  expect((await publicLinks(member.userId)).pending[0]).toMatchObject({
    name: 'Big shop',
    link: 'https://www.bigshop.example.com/ref',
    clicks: 3,
    max_clicks: 20,
  });

  // Lower the cap to 2 (below the 3 clicks): completed at once, the next link is live.
  await page.getByRole('button', { name: 'Edit Big shop' }).click();
  await page.getByRole('form', { name: 'Edit Big shop' }).getByLabel('Max clicks').fill('2');
  await page.getByText(/At or below the 3 clicks counted so far/).waitFor();
  await page.getByRole('form', { name: 'Edit Big shop' }).getByRole('button', { name: 'Save' }).click();
  await section(page, /^Completed \(1\)$/)
    .getByRole('listitem', { name: 'Big shop' })
    .getByText('3 / 2 counted')
    .waitFor();
  expect(await pendingNames(member.userId)).toEqual(['Next']);
  await section(page, /^Pending/)
    .getByRole('listitem', { name: 'Next' })
    .getByText('live')
    .waitFor();
});

test('reorder the queue with the keyboard (Move buttons) and by dragging; visitors follow the new order', async () => {
  const member = await createMember('reorder', { active: true });
  for (const name of ['Alpha', 'Bravo', 'Charlie']) {
    await addLink(member.token, member.userId, { url: `https://${name.toLowerCase()}.example.com/`, maxClicks: 5, name });
  }
  const { page } = await newVisitor();
  await signedInAt(page, member.token, linksPage(member.userId));
  await page.getByRole('button', { name: 'Move Charlie up' }).waitFor();

  // Keyboard: focus the button and press Enter twice; the focus stays with Charlie.
  await page.getByRole('button', { name: 'Move Charlie up' }).focus();
  await page.keyboard.press('Enter');
  await eventually(async () => expect(await pendingNames(member.userId)).toEqual(['Alpha', 'Charlie', 'Bravo']));
  await eventually(async () =>
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Charlie up'),
  );
  await page.keyboard.press('Enter');
  await eventually(async () => expect(await pendingNames(member.userId)).toEqual(['Charlie', 'Alpha', 'Bravo']));
  expect(await queueOnPage(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);

  // Drag: Bravo's handle onto Charlie's place at the top.
  const handle = page.getByRole('button', { name: 'Drag Bravo to reorder' });
  const target = page.getByRole('listitem', { name: 'Charlie' });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 15 });
  await page.mouse.up();
  await eventually(async () => expect(await pendingNames(member.userId)).toEqual(['Bravo', 'Charlie', 'Alpha']));
  expect(await queueOnPage(page)).toEqual(['Bravo', 'Charlie', 'Alpha']);
  await screenshots(page, 'queue', 'reordered');

  // The visitor page follows: Bravo is the live link, Alpha is refused.
  const visitor = await newVisitor();
  await visitor.page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
  await visitor.page.getByRole('button', { name: 'Open Bravo' }).waitFor();
  const alpha = (await publicLinks(member.userId)).pending.find((l) => l.name === 'Alpha')!;
  expect((await raw('POST', '/api/public/increment-clicks', { body: { link_id: alpha.id } })).status).toBe(409);
});

test('a link added behind an unlimited link is warned about at once, and "Move it ahead" makes it reachable', async () => {
  const member = await createMember('unlimited', { active: true });
  await addLink(member.token, member.userId, { url: 'https://forever.example.com/', maxClicks: null, name: 'Forever' });
  const { page } = await newVisitor();
  await signedInAt(page, member.token, linksPage(member.userId));
  const form = addLinkForm(page);
  await form.getByText(/behind the unlimited \(∞\) link “Forever”/).waitFor();
  await form.getByLabel('URL').fill('https://late.example.com/');
  await form.getByLabel('Name').fill('Late');
  await form.getByLabel('Max clicks').fill('2');
  await form.getByRole('button', { name: 'Add link' }).click();
  const warning = page.getByRole('alert').filter({ hasText: '“Late” will never be reached.' });
  await warning.waitFor();
  expect(await warning.innerText()).toContain('It is behind the unlimited (∞) link “Forever”');
  await section(page, /^Pending/)
    .getByRole('listitem', { name: 'Late' })
    .getByText(/Not reached/)
    .waitFor();
  await screenshots(page, 'queue', 'unlimited-warning');

  await warning.getByRole('button', { name: 'Move it ahead' }).click();
  await page.getByText('Moved ahead of the unlimited link.').first().waitFor();
  await eventually(async () => expect(await pendingNames(member.userId)).toEqual(['Late', 'Forever']));
  expect(await page.getByText('will never be reached').count()).toBe(0);
  // Reachable now: a visitor's click on it counts.
  const late = (await publicLinks(member.userId)).pending[0];
  expect((await raw('POST', '/api/public/increment-clicks', { body: { link_id: late.id } })).status).toBe(200);
});

test('delete a sub-profile from the dashboard: asked first, then gone with its links and public page', async () => {
  const member = await createMember('delsub', { active: true });
  const created = await raw('POST', '/api/auth/subprofile', {
    token: member.token,
    body: { firstName: 'Gone', lastName: 'Soon', phone: '+1 555 0199' },
  });
  const subId = (created.body as { user_id: string }).user_id;
  await raw('POST', '/api/auth/subprofile', { token: member.token, body: { firstName: 'Stays', lastName: 'Here', phone: '+1 555 0198' } });
  await addLink(member.token, subId, { url: 'https://sub.example.com/', maxClicks: 3, name: 'Sub offer' });

  const { page } = await newVisitor();
  await page.setViewportSize(PHONE);
  await signedInAt(page, member.token, '/user');
  await page.getByRole('button', { name: 'Delete Gone Soon' }).waitFor();
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Delete Gone Soon' }).click();
  await eventually(() =>
    expect(asked).toEqual([
      'Delete the sub-profile "Gone Soon"? Its public page and all its links are deleted too. This cannot be undone.',
    ]),
  );
  await page.waitForTimeout(300);
  expect((await subProfiles(member.token)).map((s) => s.first_name).sort()).toEqual(['Gone', 'Stays']);

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete Gone Soon' }).click();
  await page.getByText('Sub-profile deleted successfully').first().waitFor();
  await eventually(async () => expect(await page.getByRole('button', { name: 'Delete Gone Soon' }).count()).toBe(0));
  await page.getByRole('button', { name: 'Delete Stays Here' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshots(page, 'queue', 'dashboard-after-sub-delete');
  expect((await subProfiles(member.token)).map((s) => s.first_name)).toEqual(['Stays']);
  expect((await raw('GET', `/api/public/userliks?user_id=${encodeURIComponent(subId)}`)).status).toBe(404);
  const visitor = await newVisitor();
  await visitor.page.goto(site(`/profile?userId=${encodeURIComponent(subId)}`));
  await eventually(async () => expect(await pageText(visitor.page)).toMatch(/not found/i));
});
