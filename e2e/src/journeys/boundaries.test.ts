/**
 * What a member must never reach or break: another member's link manager or sub-profile, member
 * text turned into HTML on the visitor page, a double tap counted twice; and a sign-out in one
 * tab is seen by the other tabs.
 */
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, createMember, publicLinks, raw } from '../support/api';
import { routeExternalLinks } from '../support/links';
import { site } from '../support/stack';
import { signedInAt } from '../support/session';
import { eventually, expectPath, pageText } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

test("a member cannot open another member's links or sub-profile, on the page or over the API", async () => {
  const owner = await createMember('owner', { active: true, firstName: 'Olga' });
  await addLink(owner.token, owner.userId, { url: 'https://olga.example.com/', maxClicks: 3, name: 'Olga secret offer' });
  const created = await raw('POST', '/api/auth/subprofile', {
    token: owner.token,
    body: { firstName: 'Olgas', lastName: 'Sub', email: '', phone: '+1 555 0199', password: '' },
  });
  const subId = (created.body as { user_id: string }).user_id;
  const intruder = await createMember('intruder', { active: true });

  const { page } = await newVisitor();
  await signedInAt(page, intruder.token, `/Addlinks?userId=${encodeURIComponent(owner.userId)}`);
  await page.getByText('This profile is not one of yours.').waitFor();
  expect(await page.getByRole('form', { name: 'Add a link' }).count()).toBe(0);

  await signedInAt(page, intruder.token, `/editsubprofile?userId=${encodeURIComponent(subId)}`);
  await page.getByRole('alert').first().waitFor();
  expect(await page.getByRole('form', { name: 'Sub-profile' }).count()).toBe(0);
  expect(await pageText(page)).not.toContain('0199');

  const add = await raw('POST', '/api/links/linkadd', {
    token: intruder.token,
    body: { link: 'https://evil.example.com/', max_clicks: 1, name: 'evil', user_id: owner.userId },
  });
  expect(add.status).toBe(403);
  const del = await raw('POST', '/api/links/deleteLink', {
    token: intruder.token,
    body: { link_id: (await publicLinks(owner.userId)).pending[0].id, user_id: owner.userId },
  });
  expect(del.status).toBe(403);
  expect((await publicLinks(owner.userId)).pending.map((l) => l.name)).toEqual(['Olga secret offer']);
});

test('member text is shown as text on the visitor page, never run as HTML', async () => {
  const member = await createMember('xss', { active: true, firstName: '<img src=x onerror=alert(1)>' });
  await addLink(member.token, member.userId, { url: 'https://xss.example.com/', maxClicks: 2, name: '<script>alert(2)</script>' });
  const { page } = await newVisitor();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
  await page.getByText('<script>alert(2)</script>').first().waitFor();
  await page.getByText('<img src=x onerror=alert(1)>', { exact: false }).first().waitFor();
  expect(await page.locator('main img, main script').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('a double tap on the live link counts one click', async () => {
  const member = await createMember('double', { active: true });
  const link = await addLink(member.token, member.userId, { url: 'https://double.example.com/', maxClicks: 10, name: 'Double offer' });
  const { context, page } = await newVisitor();
  await routeExternalLinks(context);
  await page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
  const button = page.getByRole('button', { name: 'Open Double offer' });
  await button.waitFor();
  await button.dblclick();
  await eventually(async () => expect(await button.innerText()).toMatch(/1\s*\/\s*10 clicks/));
  await page.waitForTimeout(1_000);
  expect((await publicLinks(member.userId)).pending.find((l) => l.id === link.id)?.clicks).toBe(1);
});

test('signing out in one tab signs out the other tabs of that browser', async () => {
  const member = await createMember('tabs');
  const { context, page } = await newVisitor();
  await signedInAt(page, member.token, '/user');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  const other = await context.newPage();
  await other.goto(site('/editprofile'));
  await other.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expectPath(page, '/login');
  // The other tab's navbar follows (storage event) and its guarded page gives way to /login.
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor();
  await expectPath(other, '/login');
});
