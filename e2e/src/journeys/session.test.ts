/**
 * Journey 5 — the session (spec §4, §8): a token that expired or was tampered with sends the
 * browser to /login and is cleared; guarded routes without a token land on /login; unknown
 * paths land on /.
 */
import { randomBytes } from 'node:crypto';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { createMember } from '../support/api';
import { stack } from '../support/stack';
import { signedInAt, storedToken } from '../support/session';
import { expiredCopyOf } from '../support/jwt';
import { expectPath } from '../support/ui';

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
  // The navbar is back to the signed-out entries.
  await page.getByRole('link', { name: /sign in/i }).first().waitFor();
});

test('an expired token sends the member to /login and is cleared', async () => {
  const member = await createMember('expired');
  const { page } = await newVisitor();
  // First with the live token: the dashboard loads and the member can move around.
  await signedInAt(page, member.token, '/user');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  // Then the same session after its expiry: the next protected call ends it.
  await page.evaluate((t) => localStorage.setItem('token', t), expiredCopyOf(member.token));
  await page.getByRole('link', { name: 'Edit profile' }).first().click();
  await expectPath(page, '/login');
  expect(await storedToken(page)).toBeNull();
});

test('guarded routes without a token land on /login', async () => {
  const { page } = await newVisitor();
  const id = randomBytes(8).toString('hex');
  for (const path of ['/user', '/editprofile', '/addprofile', `/editsubprofile?userId=${id}`, `/Addlinks?userId=${id}`, '/admin_dashboard', '/user-details']) {
    await page.goto(`${stack().shellUrl}${path}`);
    await expectPath(page, '/login');
  }
});

test('an unknown path lands on /', async () => {
  const { page } = await newVisitor();
  await page.goto(`${stack().shellUrl}/no/such/page?x=1`);
  await expectPath(page, '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
});
