/**
 * Issue 13, account settings in the browser: /account is reached from the dashboard; a password
 * change keeps this browser signed in and signs the other one out; an email change is mailed to
 * the new address and happens when /confirm-email is opened (on a browser nobody is signed in on).
 */
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { createMember, login, profile, uniqueEmail } from '../support/api';
import { waitForConfirmEmailLink } from '../support/mail';
import { signedInAt, storedToken } from '../support/session';
import { screenshots } from '../support/shots';
import { eventually, expectPath } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

test('change password: this browser stays signed in, the other is signed out; the new password works', async () => {
  const member = await createMember('pwchange');
  const other = await newVisitor();
  await signedInAt(other.page, member.token, '/user');
  await other.page.getByRole('heading', { name: 'Dashboard' }).waitFor();

  const { page } = await newVisitor();
  await signedInAt(page, await login(member.email, member.password), '/user');
  await page.getByRole('link', { name: 'Account settings' }).click();
  await expectPath(page, '/account');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill(member.password);
  await form.getByLabel('New password', { exact: true }).fill('a brand new password 1');
  await form.getByLabel('Confirm new password').fill('a brand new password 1');
  await screenshots(page, 'account', 'settings');
  await form.getByRole('button', { name: 'Change password' }).click();
  await form.getByText('You were signed out everywhere else.').waitFor();

  // This browser holds the fresh token and keeps working.
  const fresh = await storedToken(page);
  expect((await profile(fresh as string)).user_id).toBe(member.userId);
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  // The other browser's next call ends its session.
  await other.page.reload();
  await expectPath(other.page, '/login');
  expect(await storedToken(other.page)).toBeNull();
  await login(member.email, 'a brand new password 1');
});

test('change email: mailed to the new address, changed when the link is opened', async () => {
  const member = await createMember('emailchange');
  const newEmail = uniqueEmail('emailnew');
  const { page } = await newVisitor();
  await signedInAt(page, member.token, '/account');
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await form.getByText(`We sent a confirmation link to ${newEmail.toLowerCase()}.`).waitFor();
  expect((await profile(member.token)).email).toBe(member.email.toLowerCase());

  const link = await waitForConfirmEmailLink(newEmail);
  const elsewhere = await newVisitor();
  await elsewhere.page.goto(link);
  await elsewhere.page.getByText(`Your email address is now ${newEmail.toLowerCase()}.`).waitFor();
  await elsewhere.page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
  await screenshots(elsewhere.page, 'account', 'email-confirmed');
  await eventually(async () => expect((await profile(member.token)).email).toBe(newEmail.toLowerCase()));
  await login(newEmail, member.password);
  // The link works once.
  await elsewhere.page.reload();
  await elsewhere.page.getByText(/invalid or has expired/).waitFor();
});
