/**
 * Issue 33, a member's own data on a phone: the account page's "Download my data" saves the zip
 * of everything the account holds; "Delete account" asks for the password and a confirmation,
 * then this browser is signed out on the home page with the server's message, the confirmation
 * mail is sent, and the email and password sign in no more.
 */
import { strFromU8, unzipSync } from 'fflate';
import { addLink, createMember, raw } from '../support/api';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { downloadBytes } from '../support/download';
import { scrollWidth } from '../support/layout';
import { waitForMail } from '../support/mail';
import { signedInAt, storedToken } from '../support/session';
import { screenshots } from '../support/shots';
import { expectPath } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

test('download my data, then delete the account: signed out, mailed, and the sign-in refused', async () => {
  const member = await createMember('leaving', { active: true, firstName: 'Leonora' });
  await addLink(member.token, member.userId, { url: 'https://leaving.example.com/offer', maxClicks: 5, name: 'Last offer' });
  const { page } = await newVisitor({ phone: true });
  await signedInAt(page, member.token, '/account');
  const card = page.getByRole('region', { name: 'Your data' });
  await card.scrollIntoViewIfNeeded();

  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^rotalink-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(await downloadBytes(download)))).map(([n, b]) => [n, strFromU8(b)]),
  );
  expect(Object.keys(files).sort()).toEqual(
    ['README.txt', 'click-events.csv', 'conversions.csv', 'links.csv', 'payments.csv', 'profile.json', 'sub-profiles.json'].sort(),
  );
  expect(JSON.parse(files['profile.json']).profile).toMatchObject({ email: member.email.toLowerCase(), first_name: 'Leonora' });
  expect(files['links.csv']).toContain('https://leaving.example.com/offer');
  await card.getByText(/^Saved rotalink-export-/).waitFor();

  const form = page.getByRole('form', { name: 'Delete account' });
  await form.getByLabel('Your password').fill(`${member.password}-wrong`);
  await form.getByRole('button', { name: 'Delete account…' }).click();
  await form.getByRole('button', { name: 'Yes, delete my account' }).click();
  await form.getByRole('alert').filter({ hasText: 'The current password is not correct.' }).waitFor();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(360);

  await form.getByLabel('Your password').fill(member.password);
  await form.getByRole('button', { name: 'Delete account…' }).click();
  await screenshots(page, 'account-data', 'confirm-deletion');
  await form.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expectPath(page, '/');
  await page.getByText('Your account has been deleted. We sent a confirmation to your email address.').waitFor();
  expect(await storedToken(page)).toBeNull();

  expect(await waitForMail(member.email, 'Your Rotalink account was deleted')).toContain('We keep only the payment records');
  expect((await raw('POST', '/api/auth/login', { body: { email: member.email, password: member.password } })).status).toBe(401);
  expect((await raw('GET', '/api/auth/profile', { token: member.token })).status).toBe(401);
});
