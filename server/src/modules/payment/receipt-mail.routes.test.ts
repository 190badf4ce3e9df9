import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { bearer, engines, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { useAppWithDeadMailServer, waitForLog } from '../mail/failing-mail.test-helper';
import { startSmtpSink, useSmtpSink, type SmtpSink } from '../mail/smtp-sink.test-helper';
import { startFakeStripe, stripeEnv, type FakeStripe } from './fake-stripe.test-helper';

const PLAN_BODY = { planName: 'monthly', duration: 'monthly', amount: 144.56 };

/** Pays with the local provider: create-session → Pay → payment-success. Returns the session id. */
async function payLocally(app: FastifyInstance, m: Member): Promise<string> {
  const { url } = (
    await app.inject({ method: 'POST', url: '/api/payment/create-session', headers: bearer(m.token), payload: PLAN_BODY })
  ).json();
  const path = new URL(url).pathname;
  // The checkout page's form sends the owner's token from the URL create-session gave them.
  const token = new URL(url).searchParams.get('token') ?? '';
  const pay = await app.inject({
    method: 'POST',
    url: `${path}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${token}`,
  });
  expect(pay.statusCode).toBe(303);
  return path.split('/').pop() as string;
}

/** Issue 13: a receipt after payment, exactly once per payment whichever call completed it. */
describe.each(engines)('payment receipt (%s)', (engine) => {
  const smtp = useSmtpSink();
  const t = useTestApp(engine, smtp.env);

  it('mails one receipt with the plan, amount, date and reference, however often the payment is confirmed', async () => {
    const m = await signupMember(t.app);
    const id = await payLocally(t.app, m);
    for (let i = 0; i < 3; i++) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/payment/payment-success',
        headers: bearer(m.token),
        payload: { session_id: id },
      });
      expect(ok.json()).toEqual({ status: 'SUCCESS' });
    }
    // Pressing Pay again (a resubmitted form) does not send another.
    await t.app.inject({
      method: 'POST',
      url: `/checkout/${id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const isReceipt = (mail: { subject: string; envelopeTo: string[] }) =>
      mail.subject === 'Your Rotalink receipt' && mail.envelopeTo.includes(m.email);
    const receipt = await smtp.sink.waitForMail(0, undefined, isReceipt);
    expect(receipt.text).toContain('Amount paid: $144.56 USD');
    expect(receipt.text).toContain(`Reference: ${id}`);
    expect(receipt.text).toMatch(/Date: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(receipt.text).toContain('Rotalink Lifetime plan');
    expect(receipt.html).toContain('$144.56 USD');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.sink.mails.filter(isReceipt)).toHaveLength(1);
  });

  it('no receipt for a session that was never paid', async () => {
    const m = await signupMember(t.app);
    const { url } = (
      await t.app.inject({ method: 'POST', url: '/api/payment/create-session', headers: bearer(m.token), payload: PLAN_BODY })
    ).json();
    const id = new URL(url).pathname.split('/').pop();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payment/payment-success', headers: bearer(m.token), payload: { session_id: id } }))
        .statusCode,
    ).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.sink.mails.filter((mail) => mail.subject === 'Your Rotalink receipt' && mail.envelopeTo.includes(m.email))).toHaveLength(0);
  });
});

describe('payment receipt with the mail server down', () => {
  const dead = useAppWithDeadMailServer();

  it('the payment still completes and the plan is active; the receipt waits in the outbox for the server', async () => {
    const m = await signupMember(dead.app());
    const id = await payLocally(dead.app(), m);
    const ok = await dead
      .app()
      .inject({ method: 'POST', url: '/api/payment/payment-success', headers: bearer(m.token), payload: { session_id: id } });
    expect(ok.json()).toEqual({ status: 'SUCCESS' });
    const profile = (await dead.app().inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).json();
    expect(profile.subscription_status).toBe('active');
    // The welcome mail's failure marked the server down: the receipt is queued, not lost, and not tried in vain.
    await waitForLog(dead.logs, 'welcome mail could not be sent');
    const waiting = await dead.app().db.selectFrom('outbox').select(['status']).where('status', '=', 'pending').execute();
    expect(waiting.length).toBeGreaterThanOrEqual(2);
  });
});

describe.each(engines)('payment receipt with Stripe: the webhook and the returns race (%s)', (engine) => {
  let sink: SmtpSink;
  let fake: FakeStripe;
  const secret = 'whsec_receipt_test';
  const env: Record<string, string> = {};
  beforeAll(async () => {
    sink = await startSmtpSink();
    fake = await startFakeStripe();
    Object.assign(env, {
      SMTP_URL: sink.url,
      ...stripeEnv(fake, secret),
    });
  });
  afterAll(async () => {
    await fake.close();
    await sink.close();
  });
  const t = useTestApp(engine, env);

  it('one receipt, whichever of them completed the payment', async () => {
    const m = await signupMember(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-session',
      headers: bearer(m.token),
      payload: PLAN_BODY,
    });
    const id = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(created.json().url)?.[1] as string;
    const payload = JSON.stringify({
      id: `evt_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: fake.markPaid(id) },
    });
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret });
    const webhook = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const confirm = () =>
      t.app.inject({ method: 'POST', url: '/api/payment/payment-success', headers: bearer(m.token), payload: { session_id: id } });
    const results = await Promise.all([webhook(), confirm(), webhook(), confirm()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const isReceipt = (mail: { subject: string; envelopeTo: string[] }) =>
      mail.subject === 'Your Rotalink receipt' && mail.envelopeTo.includes(m.email);
    const receipt = await sink.waitForMail(0, undefined, isReceipt);
    expect(receipt.text).toContain(`Reference: ${id}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.mails.filter(isReceipt)).toHaveLength(1);
  });
});
