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

  // Issue 12: the way back keeps the admin's place — the search is in the address and answered again.
  await page.getByRole('link', { name: '← All users' }).click();
  await expectPath(page, '/admin_dashboard');
  expect(new URL(page.url()).searchParams.get('q')).toBe(member.email.toUpperCase());
  expect(await page.getByLabel('Search by email').inputValue()).toBe(member.email.toUpperCase());
  await eventually(async () => expect(await rows.count()).toBe(1));
  expect(await rows.first().innerText()).toContain('Inactive');

  // The member, in their own browser, sees it on the dashboard.
  const memberBrowser = await newVisitor();
  await signedInAt(memberBrowser.page, member.token, '/user');
  await memberBrowser.page.getByText('Inactive', { exact: true }).waitFor();
});

test('a signed-in admin is led to the admin console: User Panel, the landing page, and a member page they open', async () => {
  const { page } = await newVisitor();
  await page.goto(site('/admin'));
  await page.getByLabel('Username').fill(stack().admin.username);
  await page.getByLabel('Password', { exact: true }).fill(stack().admin.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expectPath(page, '/admin_dashboard');
  // The address changes at once; the title once the admin remote's page has rendered.
  await eventually(async () => expect(await page.title()).toBe('Users · Rotalink'));

  // Home, then the navbar's User Panel: the user list, never the member dashboard.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home' }).click();
  await expectPath(page, '/');
  await page.getByRole('link', { name: 'Go to the admin console' }).waitFor();
  await nav.getByRole('link', { name: 'User Panel' }).click();
  await expectPath(page, '/admin_dashboard');
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

  // /user typed or bookmarked: a clear word and a way back, not a failed load with a useless Retry.
  await page.goto(site('/user'));
  await page.getByText('You are signed in as the administrator.').waitFor();
  await screenshots(page, 'admin', 'member-area-as-admin');
  const text = await pageText(page);
  expect(text).not.toContain('Failed to load profile data.');
  expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Go to the admin console' }).click();
  await expectPath(page, '/admin_dashboard');
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
});

test('the admin deletes a member only after confirming', async () => {
  const doomed = await createMember('admindelete', { firstName: 'Dora' });
  const sub = await raw('POST', '/api/auth/subprofile', {
    token: doomed.token,
    body: { firstName: 'Doras', lastName: 'Sub', email: '', phone: '+1 555 0111', password: '' },
  });
  const doomedSub = (sub.body as { user_id: string }).user_id;
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
  // Their public page and their sub-profile's are gone with them.
  const visitor = await newVisitor();
  for (const id of [doomed.userId, doomedSub]) {
    await visitor.page.goto(site(`/profile?userId=${encodeURIComponent(id)}`));
    await visitor.page.getByRole('heading', { name: /not found/i }).waitFor();
  }
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

test('an expiry date in the past ends the plan: the member sees Inactive and cannot add links', async () => {
  const member = await createMember('expiry', { active: true, firstName: 'Elsa' });
  const { page } = await newVisitor();
  await signedInAt(page, await adminToken(), `/user-details?userId=${encodeURIComponent(member.userId)}`, { admin: true });
  await page.getByRole('button', { name: 'Edit membership' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption('active');
  await dialog.getByLabel('Expires (UTC)').fill('2020-01-31T12:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Joined is today: an expiry before it is refused in the form, and nothing is sent.
  await dialog.getByText('Expiry date must be after the joined date.').waitFor();
  expect((await profile(member.token)).package_expiry_date).toBeNull();
  await dialog.getByLabel('Joined (UTC)').fill('2019-01-01T00:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await eventually(async () => expect((await profile(member.token)).package_expiry_date).toMatch(/^2020-01-31T12:00/));

  // DESIGN §6: active only while the expiry has not passed.
  const memberBrowser = await newVisitor();
  await signedInAt(memberBrowser.page, member.token, '/user');
  await memberBrowser.page.getByText('Inactive', { exact: true }).waitFor();
  await signedInAt(memberBrowser.page, member.token, `/Addlinks?userId=${encodeURIComponent(member.userId)}`);
  await memberBrowser.page
    .getByText(/your plan is inactive/i)
    .first()
    .waitFor();
  const add = await raw('POST', '/api/links/linkadd', {
    token: member.token,
    body: { link: 'https://late.example.com/', max_clicks: 2, name: 'Late', user_id: member.userId },
  });
  expect(add.status).toBeGreaterThanOrEqual(400);
  expect(add.status).toBeLessThan(500);
});
