import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from './fake-stripe.test-helper';
import { PaymentProviderUnavailable } from './payment-provider';
import { createStripeProvider, InvalidWebhookSignatureError, type StripeProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_secret';
const input = {
  userId: 'user_abc',
  email: 'ann@example.com',
  amountCents: 14456,
  currency: 'usd',
  successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/',
};

describe('Stripe provider (real SDK against a local fake of the Stripe API)', () => {
  let fake: FakeStripe;
  let provider: StripeProvider;
  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({ secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, api: fake.api });
  });
  afterAll(() => fake.close());

  it('creates a one-off Checkout session for the plan, tied to the user', async () => {
    const session = await provider.createSession(input);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const sent = fake.requests.at(-1)!.form;
    expect(sent.get('mode')).toBe('payment');
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('14456');
    expect(sent.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.get('client_reference_id')).toBe('user_abc');
    expect(sent.get('metadata[user_id]')).toBe('user_abc');
    expect(sent.get('customer_email')).toBe('ann@example.com');
    expect(sent.get('success_url')).toBe(input.successUrl);
  });

  it('verifies by retrieving the session: unpaid until Stripe says paid', async () => {
    const { id } = await provider.createSession(input);
    expect(await provider.verify(id)).toEqual({ sessionId: id, paid: false, userId: 'user_abc', amountCents: 14456, currency: 'usd' });
    fake.markPaid(id);
    expect(await provider.verify(id)).toMatchObject({ paid: true, userId: 'user_abc', amountCents: 14456 });
  });

  it('answers null for a session Stripe does not know', async () => {
    expect(await provider.verify('cs_test_unknown')).toBeNull();
  });

  it('fails loudly with a wrong API key rather than calling the payment unpaid', async () => {
    const wrong = createStripeProvider({ secretKey: 'sk_test_wrong', api: fake.api });
    await expect(wrong.createSession(input)).rejects.toThrow(PaymentProviderUnavailable);
    await expect(wrong.createSession(input)).rejects.toThrow(/Invalid API Key/);
  });

  describe('webhook', () => {
    const stripe = new Stripe('sk_test_unused');
    const eventFor = (type: string, session: object) => JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object: session } });

    it('accepts a correctly signed checkout.session.completed and returns the session', async () => {
      const { id } = await provider.createSession(input);
      const payload = eventFor('checkout.session.completed', fake.markPaid(id));
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      expect(provider.parseWebhook(Buffer.from(payload), header)).toMatchObject({
        sessionId: id,
        paid: true,
        userId: 'user_abc',
        amountCents: 14456,
        currency: 'usd',
      });
    });

    it('refuses a forged signature, a missing one, and a body changed after signing', () => {
      const payload = eventFor('checkout.session.completed', {
        id: 'cs_x',
        payment_status: 'paid',
        client_reference_id: 'user_abc',
        amount_total: 14456,
        currency: 'usd',
      });
      const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
      expect(() => provider.parseWebhook(Buffer.from(payload), forged)).toThrow(InvalidWebhookSignatureError);
      expect(() => provider.parseWebhook(Buffer.from(payload), undefined)).toThrow(InvalidWebhookSignatureError);
      const good = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const tampered = payload.replace('user_abc', 'user_evil');
      expect(() => provider.parseWebhook(Buffer.from(tampered), good)).toThrow(InvalidWebhookSignatureError);
    });

    it('ignores events it does not act on', () => {
      const payload = eventFor('customer.created', { id: 'cus_1' });
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      expect(provider.parseWebhook(Buffer.from(payload), header)).toBeNull();
    });
  });

  describe('refund', () => {
    it('gives back the whole payment of a paid session once, however often it is asked', async () => {
      const { id } = await provider.createSession(input);
      const intent = fake.markPaid(id).payment_intent;
      await provider.refund(id);
      await provider.refund(id); // a retry: same idempotency key, same refund
      const made = fake.refunds.filter((r) => r.payment_intent === intent);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ amount: 14456, currency: 'usd', reason: 'duplicate', metadata: { session_id: id } });
    });

    it('takes a payment refunded before (past the key’s 24 h) as done', async () => {
      const { id } = await provider.createSession(input);
      const intent = fake.markPaid(id).payment_intent as string;
      await new Stripe(fake.secretKey, { ...fake.api }).refunds.create({ payment_intent: intent }, { idempotencyKey: 'by-hand' });
      await expect(provider.refund(id)).resolves.toBeUndefined();
      expect(fake.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    });

    it('fails as unavailable while Stripe is away, or when the session has no payment', async () => {
      const { id } = await provider.createSession(input);
      await expect(provider.refund(id)).rejects.toThrow(PaymentProviderUnavailable); // never paid
      fake.markPaid(id);
      fake.failWith(500);
      try {
        await expect(provider.refund(id)).rejects.toThrow(PaymentProviderUnavailable);
      } finally {
        fake.failWith(null);
      }
      expect(fake.refunds.filter((r) => r.metadata.session_id === id)).toHaveLength(0);
    });
  });
});
