/**
 * Journey 5 — the session (spec §4, §8): a token that expired or was tampered with sends the
 * browser to /login and is cleared; guarded routes without a token land on /login; unknown
 * paths land on /.
 */
import { randomBytes } from 'node:crypto';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { adminToken, createMember } from '../support/api';
import { stack } from '../support/stack';
import { signedInAt, storedToken } from '../support/session';
import { expiredCopyOf } from '../support/jwt';
import { expectPath } from '../support/ui';

const SESSION_ENDED = 'Your session has ended, please sign in again';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

test('a tampered token sends the member to /login and is cleared', async () => {
  const member = await createMember('tampered');
  const [head, payload, signature] = member.token.split('.');
  // Flip the signature: same shape, wrong key.
  const forged = `${head}.${payload}.${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
  const { page } = await newVisitor();
  await signedInAt(page, forged, '/user');
  await expectPath(page, '/login');
  expect(await storedToken(page)).toBeNull();
  await page.getByText(SESSION_ENDED).waitFor(); // issue 13: told why, not dropped without a word
  // The navbar is back to the signed-out entries.
  await page
    .getByRole('link', { name: /sign in/i })
    .first()
    .waitFor();
});

test('an expired token sends the member to /login and is cleared', async () => {
  const member = await createMember('expired');
  const { page } = await newVisitor();
  // First with the live token: the dashboard loads and the member can move around.
  await signedInAt(page, member.token, '/user');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  // Then the same session after its expiry: the next protected call ends it. On the dashboard that
  // is the live count's poll (issue 15: every 3 s while the tab is visible), without any click.
  await page.evaluate((t) => localStorage.setItem('token', t), expiredCopyOf(member.token));
  await expectPath(page, '/login', 15_000);
  expect(await storedToken(page)).toBeNull();
  await page.getByText(SESSION_ENDED).waitFor();
});

test('guarded routes without a token land on /login', async () => {
  const { page } = await newVisitor();
  const id = randomBytes(8).toString('hex');
  for (const path of [
    '/user',
    '/editprofile',
    '/addprofile',
    `/editsubprofile?userId=${id}`,
    `/Addlinks?userId=${id}`,
    '/admin_dashboard',
    '/user-details',
  ]) {
    await page.goto(`${stack().shellUrl}${path}`);
    await expectPath(page, '/login');
  }
  // Never signed in: nothing "ended".
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  expect(await page.getByText(SESSION_ENDED).count()).toBe(0);
});

test('an unknown path lands on /', async () => {
  const { page } = await newVisitor();
  await page.goto(`${stack().shellUrl}/no/such/page?x=1`);
  await expectPath(page, '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
});

test('sign-in and sign-up refusals show the server text and keep the person on the form', async () => {
  const member = await createMember('refusals');
  const { page } = await newVisitor();
  await page.goto(`${stack().shellUrl}/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  const loginError = page.getByRole('alert').first();
  await loginError.waitFor();
  expect((await loginError.innerText()).trim().length).toBeGreaterThan(0);
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(await storedToken(page)).toBeNull();

  await page.goto(`${stack().shellUrl}/signup`);
  await page.getByLabel('First name').fill('Twice');
  await page.getByLabel('Last name').fill('Registered');
  await page.getByLabel('Email').fill(member.email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('Another-pass-9');
  await page.getByRole('button', { name: /^sign up$/i }).click();
  const signupError = page.getByRole('alert').first();
  await signupError.waitFor();
  expect(await signupError.innerText()).not.toBe('');
  expect(new URL(page.url()).pathname).toBe('/signup');
});

test('after Logout, Back does not show the member pages again', async () => {
  const member = await createMember('back');
  const { page } = await newVisitor();
  await signedInAt(page, member.token, '/user');
  await page.getByText(member.email).first().waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expectPath(page, '/login');
  await page.goBack();
  await expectPath(page, '/login');
  expect(await page.getByText(member.email).count()).toBe(0);
});

test('an expired admin token on the admin pages also ends on /login, cleared (spec §4, §8)', async () => {
  const { page } = await newVisitor();
  await signedInAt(page, expiredCopyOf(await adminToken()), '/admin_dashboard', { admin: true });
  await expectPath(page, '/login');
  expect(await storedToken(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).toBeNull();
  await page.waitForTimeout(1_000); // and it stays there
  expect(new URL(page.url()).pathname).toBe('/login');
});
