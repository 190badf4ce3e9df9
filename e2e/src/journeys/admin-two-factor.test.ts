/**
 * Issue 33 — the admin's two-factor sign-in, as the admin does it: /admin_security shows a QR code
 * (decoded here, as a phone's camera would), a code from the app turns it on and shows ten recovery
 * codes once; the next sign-in asks for a code after the password (one made here by otplib, as the
 * app would), then a recovery code signs in once and never again; another one turns it off.
 *
 * It turns two-factor sign-in off at its end, but a failure on the way would leave it on for the
 * run's one admin, so the sequencer (harness/sequencer.js) runs this file after every other journey.
 */
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { decodeQr } from '../support/qr';
import { screenshots } from '../support/shots';
import { site, stack } from '../support/stack';
import { expectPath } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

async function passwordStep(page: Page): Promise<void> {
  await page.goto(site('/admin'));
  await page.getByLabel('Username').fill(stack().admin.username);
  await page.getByLabel('Password', { exact: true }).fill(stack().admin.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

async function codeStep(page: Page, code: string): Promise<void> {
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expectPath(page, '/login');
}

test('the admin turns on two-factor sign-in, signs in with an app code, once with a recovery code, and turns it off with another', async () => {
  const { page } = await newVisitor();
  await passwordStep(page);
  await expectPath(page, '/admin_dashboard');

  // Setting it up: the QR code holds the otpauth:// address of the key shown beside it.
  await page.goto(site('/admin_security'));
  await page.getByText('Off: signing in needs only the password.', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await qr.waitFor();
  const secret = (await page.locator('p', { hasText: 'Cannot scan? Enter this key:' }).locator('code').innerText()).trim();
  const scanned = new URL(decodeQr(await qr.screenshot()) ?? 'about:blank');
  expect(scanned.protocol).toBe('otpauth:');
  expect(scanned.searchParams.get('secret')).toBe(secret);
  await screenshots(page, 'admin-two-factor', 'setup');

  await page.getByLabel('Code from the app').fill(await codeAt(secret, 0));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const region = page.getByRole('region', { name: 'Recovery codes' });
  await region.waitFor();
  const recoveryCodes = (await region.locator('li').allInnerTexts()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  await page.getByText('On. 10 recovery codes left.').waitFor();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(region.count()).resolves.toBe(0);
  await logout(page);

  // The password alone no longer signs in: the page asks for the code; a wrong one is refused.
  await passwordStep(page);
  await page.getByText('Two-factor sign-in is on for this account.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin');
  await codeStep(page, '000000');
  await page.getByRole('alert').first().waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin');
  // The app's next code (the one used to turn it on is spent: each step is accepted once).
  await codeStep(page, await codeAt(secret, 1));
  await expectPath(page, '/admin_dashboard');
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  await logout(page);

  // No phone at hand: a recovery code signs in once...
  await passwordStep(page);
  await codeStep(page, recoveryCodes[3]);
  await expectPath(page, '/admin_dashboard');
  await page.goto(site('/admin_security'));
  await page.getByText('On. 9 recovery codes left.').waitFor();
  await logout(page);

  // ...and never again.
  await passwordStep(page);
  await codeStep(page, recoveryCodes[3]);
  await page.getByRole('alert').first().waitFor();
  await page.waitForTimeout(500);
  expect(new URL(page.url()).pathname).toBe('/admin');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A lost phone: another recovery code signs in and turns it off; the password alone is enough again.
  await page.getByLabel('Code from your authenticator app').fill(recoveryCodes[5]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectPath(page, '/admin_dashboard');
  await page.goto(site('/admin_security'));
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await page.getByLabel('Code from the app, or a recovery code').fill(recoveryCodes[6]);
  await page.getByRole('button', { name: 'Turn off', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Two-factor sign-in is off' }).waitFor();
  await page.getByText('Off: signing in needs only the password.', { exact: true }).waitFor();
  await logout(page);
  await passwordStep(page);
  await expectPath(page, '/admin_dashboard');
});
