/**
 * Journey 1 — a newcomer: sign up → sign in → subscribe (confirm dialog, local checkout,
 * /payment-success countdown, back on /user as active) → edit profile → add three capped links →
 * copy the public link ('Copied!' for 2 s, the clipboard holds {site}/profile?userId={id}).
 */
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { createMember, profile, publicLinks, uniqueEmail } from '../support/api';
import { site } from '../support/stack';
import { pathOf, signedInAt, storedToken } from '../support/session';
import { screenshots } from '../support/shots';
import { addLinkForm, addLinkThroughPage, eventually, expectPath, pageText } from '../support/ui';
import { routeExternalLinks } from '../support/links';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

test('a newcomer signs up, pays, fills the profile, adds three capped links and copies the public link', async () => {
  const { context, page } = await newVisitor({ permissions: ['clipboard-read', 'clipboard-write'] });
  await routeExternalLinks(context);
  const email = uniqueEmail('newcomer');
  const password = 'Newcomer-pass-1';

  // Landing first, as a person arriving would.
  await page.goto(site('/'));
  await page.getByRole('heading', { level: 1 }).waitFor();
  await screenshots(page, 'newcomer', 'landing');

  // Sign up → the form sends the person to /login.
  await page.goto(site('/signup'));
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await screenshots(page, 'newcomer', 'signup');
  await page.getByRole('button', { name: /^sign up$/i }).click();
  await expectPath(page, '/login');

  // Sign in → dashboard, plan inactive, the navbar now shows the signed-in entries. The address
  // just typed at sign-up is already filled in.
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await screenshots(page, 'newcomer', 'login');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expectPath(page, '/user');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByText('Inactive', { exact: true }).waitFor();
  await page
    .getByRole('button', { name: /logout/i })
    .or(page.getByRole('link', { name: /logout/i }))
    .first()
    .waitFor();
  expect(await storedToken(page)).toBeTruthy();
  await screenshots(page, 'newcomer', 'dashboard-inactive');

  // Subscribe on the plan page: the confirm dialog names the lifetime plan and its price.
  await page.goto(site('/'));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await page
    .getByRole('button', { name: /^subscribe/i })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
  expect(dialogs).toEqual(['confirm: You are subscribing to (lifetime) for $144.56']);
  await screenshots(page, 'newcomer', 'checkout');

  // Local checkout: Pay → /payment-success?session_id=… → countdown → /user, active.
  await page.getByRole('button', { name: /pay/i }).click();
  await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.has('session_id'));
  await page.getByRole('heading', { name: /payment successful/i }).waitFor();
  const countdown = page.getByText(/redirecting .* in \d+ seconds?/i);
  await countdown.waitFor();
  const firstSeen = Date.now();
  const firstCount = Number(/(\d+)/.exec(await countdown.innerText())?.[1]);
  expect(firstCount).toBeGreaterThanOrEqual(4);
  expect(firstCount).toBeLessThanOrEqual(5);
  await screenshots(page, 'newcomer', 'payment-success');
  await expectPath(page, '/user', 9_000);
  // Spec §9: a 5 s countdown, not an immediate jump.
  expect(Date.now() - firstSeen).toBeGreaterThanOrEqual((firstCount - 1) * 1000);
  await page.getByText('Active', { exact: true }).waitFor();
  const token = (await storedToken(page)) as string;
  const me = await profile(token);
  expect(me.subscription_status).toBe('active');
  await screenshots(page, 'newcomer', 'dashboard-active');

  // Edit profile: the values are saved and come back on a fresh load.
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expectPath(page, '/editprofile');
  await page.getByLabel('Title').fill('Top affiliate of 2026');
  await page.getByLabel('Slogan').fill('Click in order, win in order');
  await page.getByLabel('About').fill('I share <b>tools</b> I use.');
  await screenshots(page, 'newcomer', 'editprofile');
  await page.getByRole('button', { name: /save profile/i }).click();
  await eventually(async () => expect((await profile(token)).title).toBe('Top affiliate of 2026'));
  await page.reload();
  await eventually(async () => expect(await page.getByLabel('Slogan').inputValue()).toBe('Click in order, win in order'));

  // Three links with caps; a bad URL is refused with the spec's text first.
  await page.goto(site('/user'));
  await page.getByRole('link', { name: /manage my links/i }).click();
  await expectPath(page, `/Addlinks?userId=${encodeURIComponent(me.user_id)}`);
  await addLinkForm(page).getByLabel('URL').fill('ftp://nope.example.com');
  await addLinkForm(page).getByRole('button', { name: 'Add link' }).click();
  await page.getByText("URL must start with 'https://' or 'www.'").first().waitFor();

  const wanted = [
    { name: 'Alpha offer', url: 'https://alpha.example.com/ref/1', cap: '2' },
    { name: 'Beta offer', url: 'www.beta.example.com/join', cap: '3' },
    { name: 'Gamma offer', url: 'https://gamma.example.com/', cap: '1' },
  ];
  for (const link of wanted) {
    await addLinkThroughPage(page, link);
  }
  await screenshots(page, 'newcomer', 'addlinks');
  const lists = await publicLinks(me.user_id);
  expect(lists.pending.map((l) => [l.name, l.link, l.max_clicks])).toEqual([
    ['Alpha offer', 'https://alpha.example.com/ref/1', 2],
    ['Beta offer', 'https://www.beta.example.com/join', 3],
    ['Gamma offer', 'https://gamma.example.com/', 1],
  ]);

  // Copy the public link: 'Copied!' for 2 s, and the clipboard holds the page's address.
  await page.goto(site('/user'));
  await page.getByRole('button', { name: /copy your public link/i }).click();
  const copied = page.getByRole('button', { name: 'Copied!' });
  await copied.waitFor();
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  expect(clip).toBe(site(`/profile?userId=${encodeURIComponent(me.user_id)}`));
  await copied.waitFor({ state: 'detached', timeout: 4_000 });

  // The public page shows the new profile text as text, never as HTML.
  const visitor = await newVisitor();
  await visitor.page.goto(clip);
  await visitor.page.getByText('Top affiliate of 2026').first().waitFor();
  expect(await pageText(visitor.page)).toContain('I share <b>tools</b> I use.');
});

test('subscribing without a session asks the visitor to sign in first (alert, then /login)', async () => {
  const { page } = await newVisitor();
  await page.goto(site('/'));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page
    .getByRole('button', { name: /^subscribe/i })
    .first()
    .click();
  await expectPath(page, '/login');
  expect(dialogs).toEqual(['alert']); // spec §6: an alert, and no confirm or checkout
});

test('a payment-success page with a session that was never paid says so and does not activate', async () => {
  const member = await createMember('unpaid');
  const { page } = await newVisitor();
  await signedInAt(page, member.token, '/payment-success?session_id=cs_local_never_paid');
  await page.getByText('Payment verification failed.').waitFor();
  await page.waitForTimeout(5_500); // no countdown, no redirect
  expect(new URL(page.url()).pathname).toBe('/payment-success');
  expect((await profile(member.token)).subscription_status).toBe('inactive');
  await screenshots(page, 'newcomer', 'payment-failed');
});

test('a member whose plan is already active is told so on the landing page, and is never offered the purchase again', async () => {
  const member = await createMember('paidtwice', { active: true });
  const { page } = await newVisitor();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await signedInAt(page, member.token, '/');
  const plan = page.getByRole('article', { name: 'Lifetime' });
  await plan.getByText('Your plan is active').waitFor();
  // The spec's card stays (price and features); only the purchase is gone.
  expect(await plan.innerText()).toContain('144');
  expect(await plan.getByRole('button').count()).toBe(0);
  expect(await page.getByRole('button', { name: /^subscribe/i }).count()).toBe(0);
  await screenshots(page, 'newcomer', 'landing-plan-active');
  await plan.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expectPath(page, '/user');
  expect(dialogs).toEqual([]); // no $144.56 confirm, no refusal afterwards
});

test('an inactive member who cancels at checkout is back on the landing page, told nothing was charged', async () => {
  const member = await createMember('cancels');
  const { page } = await newVisitor();
  page.on('dialog', (dialog) => void dialog.accept());
  await signedInAt(page, member.token, '/');
  await page.getByRole('button', { name: /^subscribe$/i }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByText('Payment cancelled — you were not charged').waitFor();
  expect(pathOf(page)).toBe('/'); // the marker left the address: a reload says nothing again
  await screenshots(page, 'newcomer', 'payment-cancelled');
  expect((await profile(member.token)).subscription_status).toBe('inactive');
  await page.getByRole('button', { name: /^subscribe$/i }).waitFor(); // they can still buy
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: /^subscribe$/i }).waitFor();
  expect(await page.getByText('Payment cancelled — you were not charged').count()).toBe(0);
});
