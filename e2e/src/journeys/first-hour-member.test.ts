/**
 * Issue 29 (continued) — a new member's links page and forms, the Stats headline, and the admin:
 * the first run of /Addlinks at 360 px; link URLs refused with what is wrong (the spec text kept
 * as the first line); Reset asks first and the card shows one counter against the cap; a form
 * sent while the API process is stopped says "Nothing was saved." and never reads like a wrong
 * password; an email confirmation link opened twice; Stats "Counted" without the rotator visits
 * that reached no link; the admin finds a member by name, sees the sign-up date, and reads what a
 * membership type shows the member.
 */
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, BROWSER_UA, clickLink, createMember, raw, uniqueEmail } from '../support/api';
import { site, startApi, stack, stopApi } from '../support/stack';
import { signedInAt } from '../support/session';
import { waitForConfirmEmailLink } from '../support/mail';
import { screenshots } from '../support/shots';
import { eventually, expectPath, pageText } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);
afterEach(() => startApi());

const SPEC_URL = "URL must start with 'https://' or 'www.'";
const q = encodeURIComponent;

test('links page first run at 360 px: "Add your first link" first, rotator folded, the first card within the first screen', async () => {
  const member = await createMember('firstrun', { active: true });
  const { page } = await newVisitor({ phone: true });
  await signedInAt(page, member.token, `/Addlinks?userId=${q(member.userId)}`);
  const form = page.getByRole('form', { name: 'Add a link' });
  await form.getByRole('heading', { name: 'Add your first link' }).waitFor();
  const formTop = await form.evaluate((el) => el.getBoundingClientRect().top);
  expect(formTop).toBeLessThan(740);
  // The rotator's settings wait, folded, until there is a link.
  const fold = page.locator('details.mem-fold');
  expect(await fold.getAttribute('open')).toBeNull();
  expect(
    await page
      .getByLabel('Mode')
      .isVisible()
      .catch(() => false),
  ).toBe(false);

  // Wrong URLs say what is wrong, under the spec's text.
  await form.getByLabel('URL').fill('http://shop.example.com/ref');
  await form.getByLabel('Max clicks').fill('4');
  await form.getByRole('button', { name: 'Add link' }).click();
  await form.getByText(SPEC_URL, { exact: true }).waitFor();
  await form.getByText('An http:// address is not secure and is not accepted: use the https:// address of the same page.').waitFor();
  await form.getByLabel('URL').fill('https://localhost/ref');
  await form.getByRole('button', { name: 'Add link' }).click();
  await form
    .getByText('“localhost” is an address on your own computer: your visitors cannot open it. Use the link’s public address.')
    .waitFor();
  // Over the limit: refused naming it, never cut.
  const long = `https://shop.example.com/${'a'.repeat(2100)}`;
  await form.getByLabel('URL').fill(long);
  expect((await form.getByLabel('URL').inputValue()).length).toBe(long.length);
  await form.getByRole('button', { name: 'Add link' }).click();
  await form
    .getByText(`The URL must be at most 2,048 characters; this one has ${long.length.toLocaleString('en-US')}.`, { exact: false })
    .waitFor();
  await screenshots(page, 'first-hour', 'link-url-messages');

  await form.getByLabel('URL').fill('https://shop.example.com/ref');
  await form.getByLabel('Name').fill('First shop');
  await form.getByRole('button', { name: 'Add link' }).click();
  const card = page.getByRole('listitem', { name: 'First shop' });
  await card.getByText('0 / 4 counted').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  const cardTop = await card.evaluate((el) => el.getBoundingClientRect().top);
  expect(cardTop).toBeLessThan(740);
  await screenshots(page, 'first-hour', 'first-link-card');

  // One counter against the cap; every click only as a smaller figure.
  await clickLink(await firstLinkId(member.userId));
  await page.reload();
  await card.getByText('1 / 4 counted').waitFor();
  await card.getByText('1 click in all since it was added (repeats and bots included)').waitFor();

  // Reset asks first.
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await card.getByRole('button', { name: 'Reset First shop' }).click();
  await eventually(() => expect(asked).toContain('Its count goes back to 0'));
  await page.waitForTimeout(300);
  await card.getByText('1 / 4 counted').waitFor();
});

async function firstLinkId(userId: string): Promise<string> {
  const lists = (await raw('GET', `/api/links/userliks?user_id=${q(userId)}`)).body as { pending: Array<{ id: string }> };
  return lists.pending[0].id;
}

test('with the API process stopped, forms keep the spec text and add "Nothing was saved."; account errors show once', async () => {
  const member = await createMember('apistop', { active: true });
  const { page } = await newVisitor({ phone: true });
  await signedInAt(page, member.token, '/account');
  await page.getByRole('heading', { name: 'Account settings', level: 1 }).waitFor();

  // A wrong current password: said once, in the form (no toast saying it again).
  const pw = page.getByRole('form', { name: /change password/i });
  await pw.getByLabel('Current password').fill('not my password');
  await pw.getByLabel('New password', { exact: true }).fill('a brand new password');
  await pw.getByLabel('Confirm new password', { exact: true }).fill('a brand new password');
  await pw.getByRole('button', { name: /change password/i }).click();
  await page.getByText('The current password is not correct.').first().waitFor();
  await page.waitForTimeout(300);
  expect(await page.getByText('The current password is not correct.').count()).toBe(1);

  await stopApi();
  await pw.getByLabel('Current password').fill(member.password);
  await pw.getByRole('button', { name: /change password/i }).click();
  await page.getByText('The server could not be reached. Nothing was saved.').first().waitFor();
  const text = await pageText(page);
  expect(text).not.toContain('not correct');
  expect(text).toContain('Something went wrong!'); // the spec's fallback, kept as the first line
  await screenshots(page, 'first-hour', 'account-api-stopped');

  // The member's password did not change: it still signs in once the API is back.
  await startApi();
  expect((await raw('POST', '/api/auth/login', { body: { email: member.email, password: member.password } })).status).toBe(200);
});

test('an email confirmation link opened twice says the address is already confirmed', async () => {
  const member = await createMember('confirmtwice');
  const newEmail = uniqueEmail('confirmed');
  expect(
    (await raw('POST', '/api/auth/change-email', { token: member.token, body: { newEmail, currentPassword: member.password } })).status,
  ).toBe(200);
  const link = await waitForConfirmEmailLink(newEmail);
  const { page } = await newVisitor({ phone: true });
  await page.goto(link);
  await page.getByText(`Your email address is now ${newEmail}. Use it to sign in.`).waitFor();
  const again = await newVisitor({ phone: true });
  await again.page.goto(link);
  await again.page.getByText(`Your email address ${newEmail} is already confirmed. Use it to sign in.`).waitFor();
  expect(await pageText(again.page)).not.toMatch(/invalid or has expired/);
});

test('Stats: "Counted" is the clicks that reached a link; rotator visits with nowhere to go are their own figure', async () => {
  const owner = await createMember('nolink', { active: true, firstName: 'Nora' });
  const only = await addLink(owner.token, owner.userId, { url: 'https://only.example.com/', maxClicks: 1, name: 'Only offer' });
  const rotator = `${stack().apiUrl}/r/${q(owner.userId)}`;
  // A person's browser (a bot would not count); every visit counts (no unique window by default).
  const visit = () => fetch(rotator, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } });
  expect((await visit()).headers.get('location')).toBe(only.link);
  await visit(); // the queue is finished: these two go to the public page
  await visit();
  const { page } = await newVisitor({ phone: true });
  await signedInAt(page, owner.token, `/stats?userId=${q(owner.userId)}`);
  const totals = page.getByRole('region', { name: 'Range and totals' });
  await eventually(async () => expect(await totals.innerText()).toMatch(/Counted\s*1\b/), 15_000);
  expect(await totals.innerText()).toMatch(/Reached no link\s*2\b/);
});

test('the admin finds a member by name, sees the sign-up date, and reads what each membership type shows the member', async () => {
  const member = await createMember('byname', { firstName: 'Zenobia', lastName: `Quill${Date.now().toString(36)}` });
  const { page } = await newVisitor();
  await page.goto(site('/admin'));
  await page.getByLabel('Username').fill(stack().admin.username);
  await page.getByLabel('Password', { exact: true }).fill(stack().admin.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expectPath(page, '/admin_dashboard');
  await page.getByLabel('Search by email or name').fill(`zenobia ${member.lastName.toUpperCase()}`);
  const rows = page.locator('tbody tr');
  await eventually(async () => expect(await rows.count()).toBe(1));
  expect(await rows.first().innerText()).toContain(member.email);
  await page.getByRole('columnheader', { name: 'Signed up' }).waitFor();
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  expect(await rows.first().innerText()).toContain(today);

  await page.getByRole('button', { name: `View ${member.email}` }).click();
  await page.getByRole('button', { name: 'Edit membership' }).click();
  const dialog = page.getByRole('dialog');
  const options = await dialog.getByLabel('Subscription type').locator('option').allInnerTexts();
  expect(options).toEqual(['Monthly — the member sees the Lifetime plan', 'Yearly — the member sees the Lifetime plan']);
  await screenshots(page, 'first-hour', 'membership-types');
});
