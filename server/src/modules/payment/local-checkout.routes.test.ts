import { signToken } from '../../auth/tokens';
import { newId, nowIso } from '../../db/ids';
import { adminToken, bearer, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { CHECKOUT_TEXT } from './start-checkout';
import { CONFIRM_TEXT } from './confirm-payment';

const PLAN_BODY = { planName: 'monthly', duration: 'monthly', amount: 144.56 };
const SITE = 'http://localhost:3000';

describe.each(engines)('payment with the local provider (%s)', (engine) => {
  const t = useTestApp(engine);

  const createSession = (m: Pick<Member, 'token'>, payload: object = PLAN_BODY) =>
    t.app.inject({ method: 'POST', url: '/api/payment/create-session', headers: bearer(m.token), payload });
  const confirm = (m: Pick<Member, 'token'>, sessionId: string) =>
    t.app.inject({ method: 'POST', url: '/api/payment/payment-success', headers: bearer(m.token), payload: { session_id: sessionId } });
  const profile = async (m: Member) => (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).json();
  /** The path of the checkout page on the API (the URL is absolute, on API_PUBLIC_URL). */
  const checkoutPath = (url: string) => new URL(url).pathname;
  const sessionIdOf = (url: string) => checkoutPath(url).split('/').pop() as string;
  /** The owner's checkout token, carried by the checkout URL create-session gave them. */
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  /** What the checkout page's Pay button sends. */
  const pay = (id: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/checkout/${id}/pay`,
      headers: form,
      payload: token === undefined ? '' : `token=${encodeURIComponent(token)}`,
    });

  it('create → checkout page → Pay → back to the site → payment-success → profile shows the active plan', async () => {
    const m = await signupMember(t.app);
    expect((await profile(m)).subscription_status).toBe('inactive');

    const created = await createSession(m);
    expect(created.statusCode).toBe(200);
    const { url } = created.json();
    expect(url).toMatch(new RegExp(`^${t.config.apiPublicUrl}/checkout/cs_local_[A-Za-z0-9_-]+\\?token=[A-Za-z0-9_-]{43}$`));
    const id = sessionIdOf(url);

    const page = await t.app.inject({ method: 'GET', url: `${checkoutPath(url)}?token=${tokenOf(url)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Lifetime');
    expect(page.body).toContain('$144.56');
    expect(page.body).toContain(
      `<form method="post" action="/checkout/${id}/pay"><input type="hidden" name="token" value="${tokenOf(url)}"><button type="submit">Pay $144.56</button>`,
    );
    // Cancel returns to the landing page with the marker that makes it say "you were not charged".
    expect(page.body).toContain(`<a class="button" href="${SITE}/?payment=cancelled">Cancel</a>`);
    expect(page.body).toContain('name="viewport"');
    expect(page.body).not.toMatch(/<script|<link|src=/); // no external assets, no script
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${SITE}`);

    // Not paid yet: the return page must not activate anything.
    const early = await confirm(m, id);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ status: 'FAILED', error: CONFIRM_TEXT.notPaid, message: CONFIRM_TEXT.notPaid, code: 'invalid' });
    expect((await profile(m)).subscription_status).toBe('inactive');

    const paid = await pay(id, tokenOf(url));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${SITE}/payment-success?session_id=${id}`);

    const ok = await confirm(m, id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'SUCCESS' });
    const after = await profile(m);
    expect(after).toMatchObject({
      subscription_status: 'active',
      subscription_type: 'monthly',
      package_price: 144.56,
      package_expiry_date: null,
    });
    expect(Math.abs(Date.parse(after.package_joined_date) - Date.now())).toBeLessThan(60_000);

    // Idempotent: confirming again (a reload of /payment-success) changes nothing.
    const again = await confirm(m, id);
    expect(again.json()).toEqual({ status: 'SUCCESS' });
    expect((await profile(m)).package_joined_date).toBe(after.package_joined_date);
    const payment = await t.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ user_id: m.userId, provider: 'local', amount_cents: 14456, currency: 'usd', status: 'paid' });

    // The paid page offers the way back instead of a second Pay button.
    const paidPage = await t.app.inject({ method: 'GET', url: `${checkoutPath(url)}?token=${tokenOf(url)}` });
    expect(paidPage.body).toContain('Payment complete');
    expect(paidPage.body).not.toContain('<form');

    // A lifetime plan is bought once.
    const second = await createSession(m);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(CHECKOUT_TEXT.alreadyActive);
  });

  it('pressing Pay twice activates the plan once', async () => {
    const m = await signupMember(t.app);
    const url = (await createSession(m)).json().url;
    const id = sessionIdOf(url);
    const pays = await Promise.all([1, 2, 3].map(() => pay(id, tokenOf(url))));
    expect(pays.map((p) => p.statusCode)).toEqual([303, 303, 303]);
    const joined = (await profile(m)).package_joined_date;
    await pay(id, tokenOf(url));
    expect((await confirm(m, id)).statusCode).toBe(200);
    expect((await profile(m)).package_joined_date).toBe(joined);
  });

  it('a lifetime plan is paid once: a second checkout opened before the first was paid charges nothing', async () => {
    const m = await signupMember(t.app);
    // Two tabs: both open a checkout while the plan is not active yet.
    const [first, second] = [(await createSession(m)).json().url, (await createSession(m)).json().url];
    expect((await pay(sessionIdOf(first), tokenOf(first))).statusCode).toBe(303);
    const joined = (await profile(m)).package_joined_date;

    // The second tab's page now says so instead of offering Pay, and its Pay is refused.
    const page = await t.app.inject({ method: 'GET', url: checkoutPath(second) + new URL(second).search });
    expect(page.body).toContain('Your plan is already active');
    expect(page.body).not.toContain('<button type="submit">Pay');
    const refused = await pay(sessionIdOf(second), tokenOf(second));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Nothing was charged here.');
    expect((await confirm(m, sessionIdOf(second))).statusCode).toBe(400);

    const payments = await t.db.selectFrom('payments').select(['id', 'status']).where('user_id', '=', m.userId).execute();
    expect(Object.fromEntries(payments.map((p) => [p.id, p.status]))).toEqual({
      [sessionIdOf(first)]: 'paid',
      [sessionIdOf(second)]: 'pending',
    });
    expect((await profile(m)).package_joined_date).toBe(joined);
  });

  it('two checkouts of one account paid at the same moment: one is paid, the other charges nothing', async () => {
    const m = await signupMember(t.app);
    const urls = [(await createSession(m)).json().url, (await createSession(m)).json().url];
    const pays = await Promise.all(urls.map((u) => pay(sessionIdOf(u), tokenOf(u))));
    expect(pays.map((p) => p.statusCode).sort()).toEqual([303, 409]);
    const paid = await t.db.selectFrom('payments').select('id').where('user_id', '=', m.userId).where('status', '=', 'paid').execute();
    expect(paid).toHaveLength(1);
  });

  it('never trusts the client price or plan', async () => {
    const m = await signupMember(t.app);
    const tampered = [
      { ...PLAN_BODY, amount: 1 },
      { ...PLAN_BODY, amount: 0.01 },
      { ...PLAN_BODY, amount: 144.55 },
      { ...PLAN_BODY, amount: -144.56 },
      { ...PLAN_BODY, amount: 14456 },
      { ...PLAN_BODY, planName: 'yearly' },
      { ...PLAN_BODY, duration: 'lifetime' },
    ];
    for (const payload of tampered) {
      const res = await createSession(m, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(CHECKOUT_TEXT.wrongPlan);
    }
    const asText = await createSession(m, { ...PLAN_BODY, amount: '1' });
    expect(asText.statusCode).toBe(400);
    expect(asText.json().error).toBe('Amount must be a number.');
    const missing = await createSession(m, { planName: 'monthly', duration: 'monthly' });
    expect(missing.json().error).toBe('Amount is required.');
    const rows = await t.db.selectFrom('payments').select('id').where('user_id', '=', m.userId).execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses another member’s session and does not activate either account', async () => {
    const a = await signupMember(t.app);
    const b = await signupMember(t.app);
    const url = (await createSession(a)).json().url;
    const id = sessionIdOf(url);
    await pay(id, tokenOf(url));

    const stolen = await confirm(b, id);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().error).toBe(CONFIRM_TEXT.notYours);
    expect((await profile(b)).subscription_status).toBe('inactive');
    expect((await confirm(a, id)).statusCode).toBe(200);
  });

  it('Pay needs the owner’s checkout token (issue 11: anyone holding a session id could pay it)', async () => {
    const a = await signupMember(t.app);
    const b = await signupMember(t.app);
    const urlA = (await createSession(a)).json().url;
    const urlB = (await createSession(b)).json().url;
    const idA = sessionIdOf(urlA);
    for (const token of [undefined, '', 'x'.repeat(43), tokenOf(urlB), tokenOf(urlA).slice(0, -1)]) {
      const res = await pay(idA, token);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('This checkout link is not valid');
    }
    // Without its token the page offers no Pay button either.
    for (const url of [checkoutPath(urlA), `${checkoutPath(urlA)}?token=${tokenOf(urlB)}`]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(403);
      expect(page.body).not.toContain('<form');
    }
    expect((await confirm(a, idA)).statusCode).toBe(400);
    expect((await profile(a)).subscription_status).toBe('inactive');
    const row = await t.db.selectFrom('payments').select('status').where('id', '=', idA).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    // The owner's own link still works.
    expect((await pay(idA, tokenOf(urlA))).statusCode).toBe(303);
    expect((await confirm(a, idA)).statusCode).toBe(200);
  });

  it('answers FAILED for an unknown session', async () => {
    const m = await signupMember(t.app);
    const res = await confirm(m, 'cs_local_doesnotexist');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'FAILED', error: CONFIRM_TEXT.notFound, message: CONFIRM_TEXT.notFound, code: 'invalid' });
    const page = await t.app.inject({ method: 'GET', url: '/checkout/cs_local_doesnotexist0000000000' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Checkout not found');
    const pay = await t.app.inject({ method: 'POST', url: '/checkout/<script>/pay' });
    expect(pay.statusCode).toBe(404);
    expect(pay.body).not.toContain('<script>');
  });

  it('needs a member token', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/payment/create-session', payload: PLAN_BODY });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('Token is missing');
    const admin = await createSession({ token: await adminToken(t) });
    expect(admin.statusCode).toBe(403);
    const noneConfirm = await t.app.inject({ method: 'POST', url: '/api/payment/payment-success', payload: { session_id: 'x' } });
    expect(noneConfirm.statusCode).toBe(401);
  });

  it('does not sell a plan to a sub-profile (it uses its member’s plan)', async () => {
    const parent = await signupMember(t.app);
    const subId = newId();
    await t.db
      .insertInto('users')
      .values({
        id: subId,
        parent_id: parent.userId,
        email: null,
        password_hash: null,
        first_name: 'Sub',
        last_name: 'Profile',
        phone: '123456',
        title: '',
        slogan: '',
        about: '',
        subscription_status: 'inactive',
        subscription_type: null,
        package_price_cents: null,
        package_joined_date: null,
        package_expiry_date: null,
        tokens_valid_after: null,
        created_at: nowIso(),
      })
      .execute();
    const token = await signToken(t.config.jwtSecret, 3600, subId, 'member');
    const res = await createSession({ token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(CHECKOUT_TEXT.subProfile);
  });

  it('has no Stripe webhook when the local provider is configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/webhook', payload: { type: 'checkout.session.completed' } });
    expect(res.statusCode).toBe(404);
  });
});
