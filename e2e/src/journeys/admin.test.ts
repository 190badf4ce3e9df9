/**
 * Journey 6 — the admin: sign in at /admin, find a member by email typed in another case, open
 * them, edit the membership (the member sees it on their dashboard), delete a member after the
 * confirm dialog; a member's token on the admin pages gets the "administrators only" notice and
 * no admin data.
 */
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, adminToken, allUsers, createMember, profile, raw } from '../support/api';
import { site, stack } from '../support/stack';
import { signedInAt } from '../support/session';
import { screenshots } from '../support/shots';
import { eventually, expectPath, pageText } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

test('the admin finds a member by email in another case, edits the membership and the member sees it', async () => {
  const member = await createMember('adminedit', { active: true, firstName: 'Mira' });
  await addLink(member.token, member.userId, { url: 'https://mira.example.com/ref', maxClicks: 5, name: 'Mira offer' });
  await createMember('adminother', { firstName: 'Otto' }); // someone the search must hide

  const { page } = await newVisitor();
  await page.goto(site('/admin'));
  await page.getByRole('heading', { name: 'Admin sign in' }).waitFor();
  await screenshots(page, 'admin', 'login');
  await page.getByLabel('Username').fill(stack().admin.username);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.getByRole('alert').first().waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin');

  await page.getByLabel('Password', { exact: true }).fill(stack().admin.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expectPath(page, '/admin_dashboard');
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

  // Spec §9: the search filters on the email, case-insensitively.
  await page.getByLabel('Search by email').fill(member.email.toUpperCase());
  const rows = page.locator('tbody tr');
  await eventually(async () => expect(await rows.count()).toBe(1));
  expect(await rows.first().innerText()).toContain(member.email);
  await screenshots(page, 'admin', 'dashboard');

  await page.getByRole('button', { name: `View ${member.email}` }).click();
  await expectPath(page, '/user-details');
  await page.getByRole('heading', { name: /Mira/, level: 1 }).waitFor();
  await page.getByText('Mira offer').first().waitFor();
  await screenshots(page, 'admin', 'user-details');

  // Edit membership: set the member inactive, yearly.
  await page.getByRole('button', { name: 'Edit membership' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Status').selectOption('inactive');
  await dialog.getByLabel('Subscription type').selectOption('yearly');
  await screenshots(page, 'admin', 'edit-membership');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await eventually(async () => {
    const me = await profile(member.token);
    expect([me.subscription_status, me.subscription_type]).toEqual(['inactive', 'yearly']);
  });

  // The member, in their own browser, sees it on the dashboard.
  const memberBrowser = await newVisitor();
  await signedInAt(memberBrowser.page, member.token, '/user');
  await memberBrowser.page.getByText('Inactive', { exact: true }).waitFor();
});

test('the admin deletes a member only after confirming', async () => {
  const doomed = await createMember('admindelete', { firstName: 'Dora' });
  const { page } = await newVisitor();
  await signedInAt(page, await adminToken(), '/admin_dashboard', { admin: true });
  await page.getByLabel('Search by email').fill(doomed.email);
  const deleteButton = page.getByRole('button', { name: `Delete ${doomed.email}` });
  await deleteButton.waitFor();

  // Cancel first: nothing happens.
  const messages: string[] = [];
  page.once('dialog', (d) => {
    messages.push(d.message());
    void d.dismiss();
  });
  await deleteButton.click();
  await eventually(() => expect(messages).toHaveLength(1));
  expect(messages[0]).toContain(doomed.email);
  await page.waitForTimeout(500);
  expect((await allUsers(await adminToken())).some((u) => u.email === doomed.email)).toBe(true);

  page.once('dialog', (d) => void d.accept());
  await deleteButton.click();
  await deleteButton.waitFor({ state: 'detached' });
  expect((await allUsers(await adminToken())).some((u) => u.email === doomed.email)).toBe(false);
  // Their data is gone with them: their token no longer reads a profile.
  expect((await raw('GET', '/api/auth/profile', { token: doomed.token })).status).toBeGreaterThanOrEqual(400);
});

test("a member's token on the admin pages gets the administrators-only notice and no data", async () => {
  const member = await createMember('notadmin');
  const other = await createMember('victim');
  const { page } = await newVisitor();
  await signedInAt(page, member.token, '/admin_dashboard');
  await page.getByText(/this area is for administrators/i).waitFor();
  const text = await pageText(page);
  expect(text).not.toContain(other.email);
  expect(await page.locator('tbody tr').count()).toBe(0);
  await screenshots(page, 'admin', 'member-refused');

  await signedInAt(page, member.token, `/user-details?userId=${encodeURIComponent(other.userId)}`);
  await page.getByText(/this area is for administrators/i).waitFor();
  expect(await pageText(page)).not.toContain(other.email);
});
