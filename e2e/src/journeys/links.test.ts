/**
 * Link management on /Addlinks (spec §2, §4, §5; DESIGN §6): reset returns a completed link to
 * the end of the queue with no clicks; delete asks first; the plan's 20 links per profile are
 * visible and enforced; an inactive plan cannot add links.
 */
import type { Page } from 'playwright-core';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, clickLink, createMember, publicLinks, raw } from '../support/api';
import { site } from '../support/stack';
import { signedInAt } from '../support/session';
import { screenshots } from '../support/shots';
import { addLinkForm, eventually, pageText } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

const linksPage = (userId: string) => `/Addlinks?userId=${encodeURIComponent(userId)}`;
const section = (page: Page, heading: RegExp) => page.locator('section').filter({ has: page.getByRole('heading', { name: heading }) });

test('reset puts a completed link back at the end of the queue; delete happens only after confirming', async () => {
  const member = await createMember('linkmgmt', { active: true });
  const once = await addLink(member.token, member.userId, { url: 'https://once.example.com/', maxClicks: 1, name: 'Once offer' });
  const keep = await addLink(member.token, member.userId, { url: 'https://keep.example.com/', maxClicks: 5, name: 'Keep offer' });
  await clickLink(once.id); // reaches its cap: completed

  const { page } = await newVisitor();
  await signedInAt(page, member.token, linksPage(member.userId));
  const completed = section(page, /^Completed \(1\)$/);
  await completed.getByRole('listitem', { name: 'Once offer' }).waitFor();
  await screenshots(page, 'links', 'addlinks-with-completed');

  // Issue 29: a reset asks first; dismissed, nothing changes.
  page.once('dialog', (d) => void d.dismiss());
  await completed.getByRole('button', { name: 'Reset Once offer' }).click();
  await page.waitForTimeout(300);
  expect((await publicLinks(member.userId)).completed.map((l) => l.name)).toEqual(['Once offer']);
  let resetAsked = '';
  page.once('dialog', (d) => {
    resetAsked = d.message();
    void d.accept();
  });
  await completed.getByRole('button', { name: 'Reset Once offer' }).click();
  const pending = section(page, /^Pending \(2\)$/);
  await pending.getByRole('listitem', { name: 'Once offer' }).waitFor();
  expect(await pending.getByRole('listitem').allInnerTexts()).toEqual([
    expect.stringMatching(/Keep offer[\s\S]*0 \/ 5 counted/),
    expect.stringMatching(/Once offer[\s\S]*0 \/ 1 counted/),
  ]);
  expect(resetAsked).toBe('Reset the link "Once offer"? Its count goes back to 0 and it moves to the end of the queue.');
  const after = await publicLinks(member.userId);
  expect(after.pending.map((l) => [l.name, l.clicks])).toEqual([
    ['Keep offer', 0],
    ['Once offer', 0],
  ]);
  expect(after.completed).toEqual([]);

  // Delete: Cancel keeps it, OK removes it (from the public page too).
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await pending.getByRole('button', { name: 'Delete Keep offer' }).click();
  await eventually(() => expect(asked).toEqual(['Delete the link "Keep offer"? Its clicks are lost.']));
  await page.waitForTimeout(300);
  expect((await publicLinks(member.userId)).pending.map((l) => l.id)).toContain(keep.id);

  page.once('dialog', (d) => void d.accept());
  await pending.getByRole('button', { name: 'Delete Keep offer' }).click();
  await section(page, /^Pending \(1\)$/).waitFor();
  expect((await publicLinks(member.userId)).pending.map((l) => l.name)).toEqual(['Once offer']);
  const visitor = await newVisitor();
  await visitor.page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
  await visitor.page.getByRole('button', { name: 'Open Once offer' }).waitFor();
  expect(await pageText(visitor.page)).not.toContain('Keep offer');
});

test('a profile holds at most 20 links: the page says so and the server refuses a 21st', async () => {
  const member = await createMember('twenty', { active: true });
  for (let i = 1; i <= 20; i += 1) {
    await addLink(member.token, member.userId, { url: `https://l${i}.example.com/`, maxClicks: 3, name: `Link ${i}` });
  }
  const { page } = await newVisitor();
  await signedInAt(page, member.token, linksPage(member.userId));
  await page.getByText('20 of 20 links used').waitFor();
  await page.getByText(/uses all 20 links of the plan/).waitFor();
  expect(await addLinkForm(page).getByLabel('URL').isDisabled()).toBe(true);
  expect(await addLinkForm(page).getByRole('button', { name: 'Add link' }).isDisabled()).toBe(true);
  const extra = await raw('POST', '/api/links/linkadd', {
    token: member.token,
    body: { link: 'https://l21.example.com/', max_clicks: 3, name: 'Link 21', user_id: member.userId },
  });
  expect(extra.status).toBe(409);
  expect((await publicLinks(member.userId)).pending).toHaveLength(20);
});

test('an inactive plan cannot add links: the page offers the subscription instead', async () => {
  const member = await createMember('inactive');
  const { page } = await newVisitor();
  await signedInAt(page, member.token, linksPage(member.userId));
  await page
    .getByText(/your plan is inactive/i)
    .first()
    .waitFor();
  expect(await addLinkForm(page).getByLabel('URL').isDisabled()).toBe(true);
  await addLinkForm(page)
    .getByRole('button', { name: /subscribe/i })
    .waitFor();
  await screenshots(page, 'links', 'addlinks-inactive');
  const refused = await raw('POST', '/api/links/linkadd', {
    token: member.token,
    body: { link: 'https://nope.example.com/', max_clicks: 3, name: 'Nope', user_id: member.userId },
  });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.status).toBeLessThan(500);
});
