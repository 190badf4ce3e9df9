/**
 * Issue 13, account settings in the browser: /account is reached from the dashboard; a password
 * change keeps this browser signed in and signs the other one out; an email change is mailed to
 * the new address and happens when /confirm-email is opened (on a browser nobody is signed in on).
 */
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { createMember, login, profile, raw, uniqueEmail } from '../support/api';
import { waitForConfirmEmailLink, waitForMail } from '../support/mail';
import { signedInAt, storedToken } from '../support/session';
import { screenshots } from '../support/shots';
import { eventually, expectPath } from '../support/ui';
import { startCheckTarget } from '../support/check-target';
import { scrollWidth } from '../support/layout';

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
  // Issue 29: the mailbox is told, with the way back if it was not the member.
  const notice = await waitForMail(member.email, 'Your Rotalink password was changed');
  expect(notice).toContain("If this wasn't you, reset your password here");
  expect(notice).toMatch(/https?:\/\/[^\s"<>]+\/forgotpassword/);
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
  // The link works once: opened again it changes nothing and says so (issue 29), not "invalid".
  await elsewhere.page.reload();
  await elsewhere.page.getByText(`Your email address ${newEmail.toLowerCase()} is already confirmed. Use it to sign in.`).waitFor();
  expect((await profile(member.token)).email).toBe(newEmail.toLowerCase());
  // Issue 29: both mailboxes are told — the old one that the address changed, the new one how to undo it.
  await waitForMail(member.email, 'Your Rotalink email address was changed');
  expect(await waitForMail(newEmail, 'Your Rotalink account now uses this email address')).toContain('/forgotpassword');
});

test('API keys (issue 31): created on the account page, shown once, work for a script, and stop when revoked', async () => {
  const member = await createMember('apikey', { active: true });
  const { page } = await newVisitor();
  await signedInAt(page, member.token, '/account');
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Key name').fill('Spreadsheet sync');
  await form.getByRole('checkbox', { name: /Add, edit, reorder/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const secret = await page.getByLabel('New API key').inputValue();
  expect(secret).toMatch(/^rlk_[0-9a-f]{12}_/);
  await screenshots(page, 'account', 'api-key-created');

  // The key works for a script: it adds a link to the member's queue.
  const added = await raw('POST', '/api/links/linkadd', {
    token: secret,
    body: { user_id: member.userId, link: 'https://sheet.example.com', max_clicks: 3, name: 'From a script' },
  });
  expect(added.body).toMatchObject({ link: { name: 'From a script', link: 'https://sheet.example.com' } });

  // Shown once: after "I have saved it" and a reload, only its public start is on the page.
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await page.reload();
  const table = page.getByRole('table', { name: 'Your API keys' });
  await table.getByText(`${secret.slice(0, 17)}…`).waitFor();
  expect(await page.content()).not.toContain(secret);
  await table.getByText('Active').waitFor();

  await page.getByRole('button', { name: 'Revoke Spreadsheet sync' }).click();
  await page.getByRole('button', { name: 'Yes, revoke' }).click();
  await table.getByText(/^Revoked /).waitFor();
  const refused = await raw('GET', `/api/links/rotator?user_id=${member.userId}`, { token: secret });
  expect(refused).toEqual({ status: 401, body: expect.objectContaining({ code: 'api-key-revoked' }) });
});

test('webhooks (issue 31): an endpoint added on the account page, its secret shown once, a test event delivered and logged; fits 360 px', async () => {
  // The link checker's local HTTPS server (trusted and allowed by the stack's LINK_CHECK_TEST_*) answers 200.
  const target = await startCheckTarget();
  try {
    const member = await createMember('webhook', { active: true });
    const { page } = await newVisitor();
    await page.setViewportSize({ width: 360, height: 800 });
    await signedInAt(page, member.token, '/account');
    const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill(`${target.base}/rotalink-events`);
    await form.getByRole('checkbox', { name: /A link was paused/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have saved it' }).click();

    const item = page.getByRole('list', { name: 'Your webhook endpoints' }).getByRole('listitem');
    await item.getByText(`${target.base}/rotalink-events`).waitFor();
    await item.getByRole('button', { name: 'Send test event' }).click();
    const log = item.getByRole('table', { name: `Deliveries to ${target.base}/rotalink-events` });
    await eventually(async () => {
      await item.getByRole('button', { name: 'Refresh log' }).click();
      await log.getByText('Delivered').waitFor({ timeout: 1000 });
    }, 20_000);
    await log.getByText('HTTP 200').waitFor();
    await log.getByText('webhook.test').waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
    await screenshots(page, 'account', 'webhook-delivered');
  } finally {
    await target.close();
  }
});
