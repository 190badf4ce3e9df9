import { bearer, engines, eventually, signupMember, useTestApp, type Member } from '../../../test/helpers';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../mail/smtp-sink.test-helper';
import { startFakeStripe, stripeEnv, type FakeStripe } from './fake-stripe.test-helper';
import { PAYMENT_REFUNDS_JOB } from './refund-payments';

const PLAN_BODY = { planName: 'monthly', duration: 'monthly', amount: 144.56 };
const REFUND_SUBJECT = 'Your second Rotalink payment has been refunded';

/**
 * A member who paid the lifetime plan twice at Stripe (two tabs, both paid before we heard of
 * either) gets the second payment back without an operator: against the real SDK and a fake
 * Stripe API, with a real SMTP server for the member's mail.
 */
describe.each(engines)('refund of a second payment (%s)', (engine) => {
  let fake: FakeStripe;
  let sink: SmtpSink;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeStripe();
    sink = await startSmtpSink();
    Object.assign(env, {
      SMTP_URL: sink.url,
      ...stripeEnv(fake, 'whsec_refund_test'),
    });
  });
  afterAll(async () => {
    await fake.close();
    await sink.close();
  });
  const t = useTestApp(engine, env);

  const sessionOf = async (m: Member) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/create-session', headers: bearer(m.token), payload: PLAN_BODY });
    return /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(res.json().url)?.[1] as string;
  };
  const confirm = (m: Member, sessionId: string) =>
    t.app.inject({ method: 'POST', url: '/api/payment/payment-success', headers: bearer(m.token), payload: { session_id: sessionId } });
  const paymentsOf = (m: Member) =>
    t.db.selectFrom('payments').select(['id', 'status', 'refund_status', 'refunded_at']).where('user_id', '=', m.userId).execute();
  const mailsTo = (m: Member, subject: string) =>
    sink.mails.filter((mail: ReceivedMail) => mail.envelopeTo[0] === m.email && mail.subject === subject);

  /** Two sessions, both paid at Stripe before either return arrives. */
  async function paidTwice(m: Member): Promise<[string, string]> {
    const first = await sessionOf(m);
    const second = await sessionOf(m);
    fake.markPaid(first);
    fake.markPaid(second);
    return [first, second];
  }

  it('refunds the second payment once, keeps the plan, and mails the member once', async () => {
    const m = await signupMember(t.app);
    const [first, second] = await paidTwice(m);
    expect((await confirm(m, first)).statusCode).toBe(200);
    // The second return arrives twice (a reload): still one refund.
    expect((await Promise.all([confirm(m, second), confirm(m, second)])).map((r) => r.statusCode)).toEqual([200, 200]);

    await eventually(async () => (await paymentsOf(m)).some((p) => p.refund_status === 'refunded'), 10_000, 'the refund');
    const secondIntent = fake.sessions.get(second)?.payment_intent;
    const refunds = fake.refunds.filter((r) => r.metadata.session_id === second || r.metadata.session_id === first);
    expect(refunds).toEqual([
      expect.objectContaining({ payment_intent: secondIntent, amount: 14456, currency: 'usd', reason: 'duplicate' }),
    ]);
    const rows = Object.fromEntries((await paymentsOf(m)).map((p) => [p.id, p]));
    expect(rows[first]).toMatchObject({ status: 'paid', refund_status: null, refunded_at: null });
    expect(rows[second]).toMatchObject({ status: 'paid', refund_status: 'refunded' });
    expect(rows[second].refunded_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const profile = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(m.token) })).json();
    expect(profile.subscription_status).toBe('active');
    const mail = await sink.waitForMail(0, 10_000, (x) => x.envelopeTo[0] === m.email && x.subject === REFUND_SUBJECT);
    expect(mail.text).toContain(`We have refunded the second payment of $144.56 USD (reference ${second}).`);
    expect(mail.text).toContain('Your plan stays active');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(m, REFUND_SUBJECT)).toHaveLength(1);
    expect(mailsTo(m, 'Your Rotalink receipt')).toHaveLength(1);
  });

  it('Stripe away when the second payment arrives: the refund waits, then goes back once Stripe answers again', async () => {
    const m = await signupMember(t.app);
    const [first, second] = await paidTwice(m);
    expect((await confirm(m, first)).statusCode).toBe(200);
    fake.failWith(500, /^\/v1\/refunds$/);
    try {
      // The duplicate's refund is recorded as due in the payment's own transaction; the run it starts fails.
      expect((await confirm(m, second)).statusCode).toBe(200);
      await eventually(
        async () =>
          fake.requests.some((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.form.get('metadata[session_id]') === second),
        10_000,
        'a refund tried while Stripe is away',
      );
      await new Promise((r) => setTimeout(r, 300));
      expect((await paymentsOf(m)).find((p) => p.id === second)?.refund_status).toBe('due');
    } finally {
      fake.failWith(null);
    }
    expect(fake.refunds.filter((r) => r.metadata.session_id === second)).toHaveLength(0);
    // The job's next run (every 15 minutes; made due now here).
    await eventually(
      async () => {
        await t.app.jobs.runSoon(PAYMENT_REFUNDS_JOB);
        return (await paymentsOf(m)).find((p) => p.id === second)?.refund_status === 'refunded';
      },
      10_000,
      'the refund after Stripe is back',
    );
    expect(fake.refunds.filter((r) => r.metadata.session_id === second)).toHaveLength(1);
    await sink.waitForMail(0, 10_000, (x) => x.envelopeTo[0] === m.email && x.subject === REFUND_SUBJECT);
  });

  it('a single payment is never refunded', async () => {
    const m = await signupMember(t.app);
    const id = await sessionOf(m);
    fake.markPaid(id);
    expect((await confirm(m, id)).statusCode).toBe(200);
    await t.app.jobs.runSoon(PAYMENT_REFUNDS_JOB);
    await new Promise((r) => setTimeout(r, 500));
    expect(fake.refunds.filter((r) => r.metadata.session_id === id)).toHaveLength(0);
    expect(await paymentsOf(m)).toEqual([expect.objectContaining({ id, status: 'paid', refund_status: null })]);
  });
});
