/**
 * Journey 4 — a forgotten password: /forgotpassword → the reset mail (read from the API's outbox
 * folder) → /resetpassword?token= → 'Passwords do not match!' on a mismatch → 'Password reset
 * successful!' → /login after 2 s → sign in with the new password (the old one no longer works).
 */
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { createMember, raw } from '../support/api';
import { waitForResetLink } from '../support/mail';
import { site, stack } from '../support/stack';
import { screenshots } from '../support/shots';
import { signedInAt } from '../support/session';
import { expectPath, signInThroughPage } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

test('a member resets a forgotten password through the mailed link and signs in with the new one', async () => {
  const member = await createMember('forgot', { firstName: 'Fred' });
  const { page } = await newVisitor();

  await page.goto(site('/login'));
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expectPath(page, '/forgotpassword');
  await page.getByLabel('Email').fill(member.email);
  await screenshots(page, 'password', 'forgotpassword');
  await page.getByRole('button', { name: /send|reset/i }).click();
  await page.getByRole('status').or(page.getByRole('alert')).first().waitFor();

  // The mail holds {PUBLIC_SITE_URL}/resetpassword?token=… (DESIGN §7), on the shell's origin.
  const link = await waitForResetLink(member.email);
  expect(link.startsWith(`${stack().shellUrl}/resetpassword?token=`)).toBe(true);

  await page.goto(link);
  const newPassword = 'Fresh-secret-42';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill('something-else');
  await page.getByRole('button', { name: /reset|save|change/i }).click();
  await page.getByText('Passwords do not match!').waitFor();

  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await screenshots(page, 'password', 'resetpassword');
  await page.getByRole('button', { name: /reset|save|change/i }).click();
  await page.getByText('Password reset successful!').waitFor();
  const shownAt = Date.now();
  await expectPath(page, '/login', 5_000);
  // Spec §8/§9: the redirect comes after 2 s, not at once.
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);

  // The old password is refused, the new one works; the link is single-use.
  expect((await raw('POST', '/api/auth/login', { body: { email: member.email, password: member.password } })).status).toBe(401);
  await signInThroughPage(page, member.email, newPassword);
  expect(
    (await raw('POST', '/api/auth/reset-password', { body: { token: new URL(link).searchParams.get('token'), password: 'Another-1234' } }))
      .status,
  ).toBe(400);
});

test('forgot-password answers the same for an unknown email; a used reset link is refused on the page', async () => {
  const member = await createMember('reused', { firstName: 'Rita' });
  const { page } = await newVisitor();
  const outcome = async (email: string) => {
    await page.goto(site('/forgotpassword'));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: /send|reset/i }).click();
    const box = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /\w/ }).first();
    await box.waitFor();
    return box.innerText();
  };
  // No account enumeration (DESIGN §6): the same text either way.
  expect(await outcome(`nobody.${Date.now()}@example.com`)).toBe(await outcome(member.email));

  const link = await waitForResetLink(member.email);
  expect(
    (await raw('POST', '/api/auth/reset-password', { body: { token: new URL(link).searchParams.get('token'), password: 'First-reset-1' } }))
      .status,
  ).toBe(200);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Second-reset-2');
  await page.getByLabel('Confirm password', { exact: true }).fill('Second-reset-2');
  await page.getByRole('button', { name: /reset|save|change/i }).click();
  await page.getByRole('alert').first().waitFor();
  expect(await page.getByText('Password reset successful!').count()).toBe(0);
  await page.waitForTimeout(2_500);
  expect(new URL(page.url()).pathname).toBe('/resetpassword');
});

test('a password reset signs out the browsers that still hold an older session', async () => {
  const member = await createMember('revoke', { firstName: 'Rex' });
  const old = await newVisitor();
  await signedInAt(old.page, member.token, '/user');
  await old.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

  // Elsewhere, the member resets the password through the mailed link.
  expect((await raw('POST', '/api/auth/forgot-password', { body: { email: member.email } })).status).toBe(200);
  const link = await waitForResetLink(member.email);
  const fresh = await newVisitor();
  await fresh.page.goto(link);
  await fresh.page.getByLabel('New password', { exact: true }).fill('After-reset-55');
  await fresh.page.getByLabel('Confirm password', { exact: true }).fill('After-reset-55');
  await fresh.page.getByRole('button', { name: /reset|save|change/i }).click();
  await fresh.page.getByText('Password reset successful!').waitFor();

  // The old browser's next protected call ends its session (spec §4: token cleared, /login).
  // Opened by address, not by the dashboard's link: the dashboard's live counts poll too, and
  // one of them may already have ended the session and left the dashboard (seen in CI).
  await old.page.goto(site('/editprofile'));
  await expectPath(old.page, '/login');
  expect(await old.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
