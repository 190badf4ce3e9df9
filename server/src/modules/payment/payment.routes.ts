import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../errors';
import { schemaOf } from '../../http/route-schema';
import { checkoutRoutes } from './checkout.routes';
import { confirmPayment } from './confirm-payment';
import { createPaymentProvider } from './create-payment-provider';
import { PaymentProviderUnavailable } from './payment-provider';
import { startCheckout } from './start-checkout';
import { webhookRoutes } from './webhook.routes';

const UNAVAILABLE = 'The payment provider could not be reached. Please try again in a moment.';

/** Provider outages become a clear 502 (logged with the cause), never a 500 or a false "unpaid". */
async function guardProvider<T>(request: { log: FastifyInstance['log'] }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof PaymentProviderUnavailable) {
      request.log.error({ err }, 'payment provider call failed');
      throw new HttpError(502, UNAVAILABLE);
    }
    throw err;
  }
}

/** /api/payment (spec §7) plus the local checkout pages or the Stripe webhook. */
export async function paymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const provider = createPaymentProvider(app.config, app.db);

  app.post(
    endpoints.createPaymentSession.url,
    { schema: schemaOf(endpoints.createPaymentSession, 'payment'), onRequest: app.requireMember },
    async (request) =>
      guardProvider(request, () =>
        startCheckout({ db: app.db, provider, userId: request.auth.userId, body: request.body, publicSiteUrl: app.config.publicSiteUrl }),
      ),
  );

  app.post(endpoints.verifyPayment.url, { schema: schemaOf(endpoints.verifyPayment, 'payment'), onRequest: app.requireMember }, async (request) => {
    await guardProvider(request, () => confirmPayment({ db: app.db, provider, userId: request.auth.userId, sessionId: request.body.session_id }));
    return { status: 'SUCCESS' as const };
  });

  if (provider.name === 'stripe' && 'parseWebhook' in provider) await app.register(webhookRoutes, { provider });
  else await app.register(checkoutRoutes);
}
