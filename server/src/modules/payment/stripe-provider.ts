import type Stripe from 'stripe';
import { PLAN } from '@rotalink/shared-api/contract';
import {
  PaymentProviderUnavailable,
  type CheckoutSession,
  type CreateSessionInput,
  type PaymentProvider,
  type PaymentVerification,
} from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string;
  /** Only for tests: point the SDK at a local fake of the Stripe API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  refund(sessionId: string): Promise<void>;
  /**
   * Checks the signature on the RAW request body and returns the session of a completed
   * checkout, null for events we do not act on. Throws InvalidWebhookSignatureError on a bad signature.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentVerification | null;
}

export class InvalidWebhookSignatureError extends Error {}

/** Events after which a Checkout session can be paid (async methods finish with the second one). */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  // Bounded (README "Failure modes"): 6 s per attempt, one retry — about 13 s at worst, inside
  // REQUEST_TIMEOUT_MS (15 s), so a slow Stripe is a 502 'could not be reached', never a hang.
  // Loaded here, not at start-up: a node without a Stripe key never holds the SDK (~2.4 MB of heap;
  // issue 12's memory target, bench/README.md "Scale").
  const StripeSdk = (require('stripe') as { Stripe: typeof Stripe }).Stripe;
  const stripe = new StripeSdk(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 6000,
    telemetry: false,
    ...(options.api ?? {}),
  });

  const toVerification = (s: Stripe.Checkout.Session): PaymentVerification => ({
    sessionId: s.id,
    paid: s.payment_status === 'paid',
    userId: s.client_reference_id ?? s.metadata?.user_id ?? null,
    amountCents: s.amount_total,
    currency: s.currency,
  });

  return {
    name: 'stripe',
    async createSession(input: CreateSessionInput): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions
        .create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amountCents,
                product_data: {
                  name: `Rotalink ${PLAN.label} plan`,
                  description: `${PLAN.linksPerProfile} links per profile, lifetime access`,
                },
              },
            },
          ],
          client_reference_id: input.userId,
          metadata: { user_id: input.userId },
          ...(input.email ? { customer_email: input.email } : {}),
          // Stripe itself replaces {CHECKOUT_SESSION_ID}.
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        })
        .catch((err: unknown) => {
          throw new PaymentProviderUnavailable(err);
        });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async verify(sessionId: string) {
      try {
        return toVerification(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (err) {
        // An id Stripe does not know is the caller's mistake, not an outage.
        if (err instanceof StripeSdk.errors.StripeInvalidRequestError && (err.statusCode === 404 || err.code === 'resource_missing'))
          return null;
        throw new PaymentProviderUnavailable(err);
      }
    },
    async expire(sessionId: string) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Already paid, expired or unknown: there is nothing left to close.
        if (err instanceof StripeSdk.errors.StripeInvalidRequestError) return;
        throw new PaymentProviderUnavailable(err);
      }
    },
    async refund(sessionId: string) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        if (!intent) throw new Error(`checkout session ${sessionId} has no payment to refund`);
        // The key makes a retry (another node, the next run of the job) return the same refund.
        await stripe.refunds.create(
          { payment_intent: intent, reason: 'duplicate', metadata: { session_id: sessionId } },
          { idempotencyKey: `refund-${sessionId}` },
        );
      } catch (err) {
        // Refunded before (a retry past the key's 24 h): the money is already back.
        if (err instanceof StripeSdk.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
        throw new PaymentProviderUnavailable(err);
      }
    },
    parseWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch {
        throw new InvalidWebhookSignatureError('Invalid webhook signature');
      }
      if (!PAID_EVENTS.has(event.type)) return null;
      return toVerification(event.data.object as Stripe.Checkout.Session);
    },
  };
}
