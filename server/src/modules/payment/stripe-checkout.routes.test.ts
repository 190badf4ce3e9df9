import Stripe from 'stripe';
import { bearer, engines, eventually, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { CONFIRM_TEXT } from './confirm-payment';
import { startFakeStripe, stripeEnv, type FakeStripe } from './fake-stripe.test-helper';

const PLAN_BODY = { planName: 'monthly', duration: 'monthly', amount: 144.56 };
const WEBHOOK_SECRET = 'whsec_routes_test';
const signer = new Stripe('sk_test_unused');

describe.each(engines)('payment with the Stripe provider against a fake Stripe API (%s)', (engine) => {
  let fake: FakeStripe;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeStripe();
    // Read by useTestApp's beforeAll, which runs after this one.
    Object.assign(env, {
      ...stripeEnv(fake, WEBHOOK_SECRET),
    });
  });
  afterAll(() => fake.close());
  const t = useTestApp(engine, env);

  const createSession = (m: Member) =>
    t.app.inject({ method: 'POST', url: '/api/payment/create-session', headers: bearer(m.token), payload: PLAN_BODY });
  const confirm = (m: Member, sessionId: string) =>
    t.app.inject({ method: 'POST', url: '/api/payment/payment-success', headers: bearer(m.token), payload: { session_id: sessionId } });
  const status = async (m: Member) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).json().subscription_status;
  const sessionOf = async (m: Member) => {
    const res = await createSession(m);
    expect(res.statusCode).toBe(200);
    const id = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(res.json().url)?.[1];
    if (!id) throw new Error(`unexpected url ${res.body}`);
    return id;
  };
  const webhook = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  const completedEvent = (session: object) =>
    JSON.stringify({ id: `evt_${Date.now()}`, object: 'event', type: 'checkout.session.completed', data: { object: session } });

  it('creates a Checkout session for the server price, tied to the member, and verifies it on return', async () => {
    const m = await signupMember(t.app);
    const id = await sessionOf(m);
    const sent = fake.requests.at(-1)!.form;
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('14456');
    expect(sent.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.get('client_reference_id')).toBe(m.userId);
    expect(sent.get('success_url')).toBe('http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}');
    expect(sent.get('cancel_url')).toBe('http://localhost:3000/?payment=cancelled');

    const unpaid = await confirm(m, id);
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json()).toMatchObject({ status: 'FAILED', error: CONFIRM_TEXT.notPaid });
    expect(await status(m)).toBe('inactive');

    fake.markPaid(id);
    const paid = await confirm(m, id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'SUCCESS' });
    expect(await status(m)).toBe('active');
    expect((await confirm(m, id)).statusCode).toBe(200);
  });

  it('refuses a session whose amount Stripe reports differently from ours', async () => {
    const m = await signupMember(t.app);
    const id = await sessionOf(m);
    const s = fake.markPaid(id);
    s.amount_total = 100;
    const res = await confirm(m, id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'FAILED', error: CONFIRM_TEXT.failed });
    expect(await status(m)).toBe('inactive');
  });

  it('refuses another member’s Stripe session', async () => {
    const a = await signupMember(t.app);
    const b = await signupMember(t.app);
    const id = await sessionOf(a);
    fake.markPaid(id);
    expect((await confirm(b, id)).statusCode).toBe(403);
    expect(await status(b)).toBe('inactive');
  });

  it('activates the plan from a signed checkout.session.completed webhook, once', async () => {
    const m = await signupMember(t.app);
    const id = await sessionOf(m);
    const payload = completedEvent(fake.markPaid(id));
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

    const first = await webhook(payload, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await status(m)).toBe('active');
    const joined = (await t.db.selectFrom('users').select('package_joined_date').where('id', '=', m.userId).executeTakeFirstOrThrow())
      .package_joined_date;

    // Stripe retries deliveries: a repeat (and the browser's return) changes nothing.
    expect((await webhook(payload, signature)).statusCode).toBe(200);
    expect((await confirm(m, id)).json()).toEqual({ status: 'SUCCESS' });
    const after = await t.db.selectFrom('users').select('package_joined_date').where('id', '=', m.userId).executeTakeFirstOrThrow();
    expect(after.package_joined_date).toBe(joined);
  });

  it('stays consistent when the webhook and several returns arrive at the same moment', async () => {
    const m = await signupMember(t.app);
    const id = await sessionOf(m);
    const payload = completedEvent(fake.markPaid(id));
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const results = await Promise.all([
      webhook(payload, signature),
      confirm(m, id),
      webhook(payload, signature),
      confirm(m, id),
      confirm(m, id),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await status(m)).toBe('active');
    const row = await t.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', provider: 'stripe', user_id: m.userId, amount_cents: 14456 });
  });

  it('once the plan is active, the member’s other open sessions are closed at Stripe and can no longer be paid', async () => {
    const m = await signupMember(t.app);
    const [first, second] = [await sessionOf(m), await sessionOf(m)];
    fake.markPaid(first);
    expect((await confirm(m, first)).statusCode).toBe(200);
    const statusOf = async (id: string) =>
      (await t.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    await eventually(async () => (await statusOf(second)) === 'canceled', 5000, 'the second session closed');
    expect(fake.sessions.get(second)?.status).toBe('expired');
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${second}/expire`)).toBe(true);
    expect(() => fake.markPaid(second)).toThrow(/expired/);
  });

  it('two sessions paid at Stripe at the same moment: both recorded, the plan as the first payment set it', async () => {
    const m = await signupMember(t.app);
    const [first, second] = [await sessionOf(m), await sessionOf(m)];
    // Both tabs paid before either return arrived: Stripe took the money twice.
    fake.markPaid(first);
    fake.markPaid(second);
    expect((await confirm(m, first)).statusCode).toBe(200);
    const profileOf = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).json();
    const joined = (await profileOf()).package_joined_date;
    // A real payment is never silently dropped: it is recorded, and refunded (refund-payments.routes.test.ts).
    expect((await confirm(m, second)).statusCode).toBe(200);
    const rows = await t.db.selectFrom('payments').select(['id', 'status']).where('user_id', '=', m.userId).execute();
    expect(rows.map((r) => r.status)).toEqual(['paid', 'paid']);
    expect((await profileOf()).package_joined_date).toBe(joined);
  });

  it('refuses a forged or missing webhook signature with 400 and activates nothing', async () => {
    const m = await signupMember(t.app);
    const id = await sessionOf(m);
    const payload = completedEvent(fake.markPaid(id));
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' });
    for (const res of [await webhook(payload, forged), await webhook(payload)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid webhook signature.', message: 'Invalid webhook signature.', code: 'invalid' });
    }
    expect(await status(m)).toBe('inactive');
  });

  it('acknowledges but ignores a signed event for a session we never created', async () => {
    const m = await signupMember(t.app);
    const payload = completedEvent({
      id: 'cs_test_not_ours',
      payment_status: 'paid',
      client_reference_id: m.userId,
      amount_total: 14456,
      currency: 'usd',
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await webhook(payload, signature);
    expect(res.statusCode).toBe(200);
    expect(await status(m)).toBe('inactive');
  });

  it('answers 502 with a clear message while Stripe is unreachable', async () => {
    const m = await signupMember(t.app);
    fake.failWith(500);
    try {
      const res = await createSession(m);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe('The payment provider could not be reached. Please try again in a moment.');
    } finally {
      fake.failWith(null);
    }
  });

  it('serves no local checkout page when Stripe is configured', async () => {
    const m = await signupMember(t.app);
    const id = await sessionOf(m);
    expect((await t.app.inject({ method: 'POST', url: `/checkout/${id}/pay` })).statusCode).toBe(404);
    expect(await status(m)).toBe('inactive');
  });
});
