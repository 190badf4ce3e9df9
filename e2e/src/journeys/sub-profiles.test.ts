/**
 * Journey 3 — sub-profiles: a member creates one, edits its public texts, gives it links, and its
 * own public page works on its own (its name and links only, none of the parent's).
 */
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, createMember, login, publicLinks, raw, subProfiles, uniqueEmail } from '../support/api';
import { site } from '../support/stack';
import { signedInAt } from '../support/session';
import { screenshots } from '../support/shots';
import { addLinkForm, addLinkThroughPage, eventually, expectPath, pageText, signInThroughPage } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

test('a sub-profile gets its own links and its own public page', async () => {
  const parent = await createMember('parent', { active: true, firstName: 'Paula' });
  await addLink(parent.token, parent.userId, { url: 'https://parent.example.com/', maxClicks: 5, name: 'Parent offer' });
  const { page } = await newVisitor();
  await signedInAt(page, parent.token, '/user');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

  // Create it: phone is required, email optional.
  await page.getByRole('link', { name: /add sub-profile/i }).click();
  await expectPath(page, '/addprofile');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Subprofile');
  await screenshots(page, 'sub-profiles', 'addprofile');
  await page.getByRole('button', { name: /create sub-profile/i }).click();
  await page.getByRole('alert').first().waitFor(); // the phone is missing
  expect(await subProfiles(parent.token)).toEqual([]);
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByRole('button', { name: /create sub-profile/i }).click();
  await expectPath(page, '/user');
  await page.getByRole('cell', { name: 'Sam Subprofile' }).or(page.getByText('Sam Subprofile')).first().waitFor();
  await screenshots(page, 'sub-profiles', 'dashboard-with-sub');
  const [sub] = await subProfiles(parent.token);
  expect(sub.first_name).toBe('Sam');

  // Edit its public texts.
  await page.getByRole('link', { name: 'Edit Sam Subprofile' }).click();
  await expectPath(page, `/editsubprofile?userId=${encodeURIComponent(sub.user_id)}`);
  await page.getByLabel('Title').fill('Sam picks the best deals');
  await screenshots(page, 'sub-profiles', 'editsubprofile');
  await page.getByRole('button', { name: /save/i }).click();
  await eventually(async () => expect((await subProfiles(parent.token))[0].title).toBe('Sam picks the best deals'));

  // Its links, through its own link manager.
  await page.goto(site('/user'));
  await page.getByRole('link', { name: 'Links of Sam Subprofile' }).click();
  await expectPath(page, `/Addlinks?userId=${encodeURIComponent(sub.user_id)}`);
  await addLinkThroughPage(page, { name: 'Sam deal', url: 'https://sam.example.com/deal', cap: '3' });
  expect((await publicLinks(sub.user_id)).pending.map((l) => l.name)).toEqual(['Sam deal']);
  expect((await publicLinks(parent.userId)).pending.map((l) => l.name)).toEqual(['Parent offer']);

  // A visitor on the sub-profile's page: its title and link, nothing of the parent's.
  const visitor = await newVisitor();
  await visitor.page.goto(site(`/profile?userId=${encodeURIComponent(sub.user_id)}`));
  await visitor.page.getByRole('heading', { name: 'Sam picks the best deals', level: 1 }).waitFor();
  await visitor.page.getByRole('button', { name: 'Open Sam deal' }).waitFor();
  const text = await pageText(visitor.page);
  expect(text).toContain('Sam Subprofile');
  expect(text).not.toContain('Parent offer');
  expect(text).not.toContain('Paula');
  await screenshots(visitor.page, 'sub-profiles', 'public-profile');
});

test("a sub-profile that signs in itself adds its own links under its member's active plan", async () => {
  const parent = await createMember('subparent', { active: true, firstName: 'Petra' });
  const subEmail = uniqueEmail('subself');
  const created = await raw('POST', '/api/auth/subprofile', {
    token: parent.token,
    body: { firstName: 'Selma', lastName: 'Self', email: subEmail, phone: '+1 555 0177', password: 'Sub-pass-777' },
  });
  const subId = (created.body as { user_id: string }).user_id;

  // DESIGN §6: a sub-profile adds links on its parent member's plan — the server agrees.
  const subToken = await login(subEmail, 'Sub-pass-777');
  await addLink(subToken, subId, { url: 'https://selma.example.com/api', maxClicks: 1, name: 'Selma by API' });

  // Was red at 10:25 UTC: the page read the sub's own plan ('inactive'), blocked the form and
  // offered a Subscribe the server refuses; fixed by the server in 5e1dafd.
  const { page } = await newVisitor();
  await signInThroughPage(page, subEmail, 'Sub-pass-777');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await screenshots(page, 'sub-profiles', 'sub-signed-in-dashboard');
  await page.goto(site(`/Addlinks?userId=${encodeURIComponent(subId)}`));
  await addLinkForm(page).waitFor();
  await screenshots(page, 'sub-profiles', 'sub-signed-in-addlinks');
  await addLinkThroughPage(page, { name: 'Selma deal', url: 'https://selma.example.com/', cap: '2' });
  expect((await publicLinks(subId)).pending.map((l) => l.name)).toEqual(['Selma by API', 'Selma deal']);
});
