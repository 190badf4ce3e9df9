import type { FastifyInstance } from 'fastify';
import { BadRequest } from '../../errors';
import { completePayment, type OnActivated, type OnDuplicate } from './complete-payment';
import { InvalidWebhookSignatureError, type StripeProvider } from './stripe-provider';

export const WEBHOOK_URL = '/api/payment/webhook';

/**
 * POST /api/payment/webhook (stripe only). Stripe signs the exact bytes it sent, so this
 * encapsulated plugin keeps JSON bodies as raw Buffers instead of parsing them.
 */
export async function webhookRoutes(
  app: FastifyInstance,
  opts: { provider: StripeProvider; onActivated?: OnActivated; onDuplicate?: OnDuplicate },
): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));

  app.post(WEBHOOK_URL, { schema: { hide: true } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    const raw = request.body;
    if (!Buffer.isBuffer(raw)) throw new BadRequest('Invalid webhook signature.');
    let verification;
    try {
      verification = opts.provider.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
    } catch (err) {
      if (err instanceof InvalidWebhookSignatureError) throw new BadRequest('Invalid webhook signature.');
      throw err;
    }
    if (verification) {
      const result = await completePayment({ db: app.db, verification, onActivated: opts.onActivated, onDuplicate: opts.onDuplicate });
      // Acknowledge anyway: Stripe would retry an error for days, and retrying cannot fix these.
      if (result === 'unknown' || result === 'mismatch') {
        request.log.warn({ sessionId: verification.sessionId, result }, 'stripe webhook: session does not match a payment we created');
      }
    }
    return { received: true };
  });
}
