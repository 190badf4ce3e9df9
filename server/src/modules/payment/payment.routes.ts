import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import { BadGateway } from '../../errors';
import { grantedProfileId } from '../../access/access-hook';
import { defineRoute, typed } from '../../http/define-route';
import { checkoutRoutes } from './checkout.routes';
import { confirmPayment } from './confirm-payment';
import { createPaymentProvider } from './create-payment-provider';
import { PaymentProviderUnavailable } from './payment-provider';
import { startCheckout } from './start-checkout';
import { webhookRoutes } from './webhook.routes';
import type { Mailer } from '../mail';
import { closeOpenSessions } from './close-open-sessions';
import type { OnActivated, OnDuplicate } from './complete-payment';
import { sendReceiptMail } from './receipt-mail';
import { PAYMENT_REFUNDS_INTERVAL_MS, PAYMENT_REFUNDS_JOB, refundDuePayments } from './refund-payments';

const UNAVAILABLE = 'The payment provider could not be reached. Please try again in a moment.';

/** Provider outages become a clear 502 (logged with the cause), never a 500 or a false "unpaid". */
async function guardProvider<T>(request: { log: FastifyInstance['log'] }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof PaymentProviderUnavailable) {
      request.log.error({ err }, 'payment provider call failed');
      throw new BadGateway(UNAVAILABLE);
    }
    throw err;
  }
}

/** /api/payment (spec §7) plus the local checkout pages or the Stripe webhook. */
export async function paymentRoutes(fastify: FastifyInstance, opts: { mailer: Mailer }): Promise<void> {
  const app = typed(fastify);
  const provider = createPaymentProvider(app.config, app.db);
  const mail = { mailer: opts.mailer, outbox: app.outbox, log: app.log, publicSiteUrl: app.config.publicSiteUrl };
  // Whichever call completes a payment, its receipt goes out once, after that call's answer (issue 13).
  // …and the member's other open sessions are closed, so a second tab cannot pay again.
  const onActivated: OnActivated = (payment) => {
    void sendReceiptMail({ ...mail, db: app.db }, payment);
    void closeOpenSessions({ db: app.db, provider, payment, log: app.log });
  };

  // Two sessions of one account paid at the provider (Stripe: two tabs, both paid): the plan stays
  // as the first left it, and the second payment goes back by the refund job, run at once.
  const refunds = Boolean(provider.refund);
  if (refunds) {
    app.jobs.every({ name: PAYMENT_REFUNDS_JOB, intervalMs: PAYMENT_REFUNDS_INTERVAL_MS }, ({ signal, log }) =>
      refundDuePayments({ db: app.db, provider, mail, log, signal }).then(() => undefined),
    );
  }
  const onDuplicate: OnDuplicate = (payment) => {
    app.log.warn(
      { sessionId: payment.id, userId: payment.user_id, amountCents: payment.amount_cents, provider: payment.provider },
      refunds
        ? 'a second payment for a plan that was already active: refunding it'
        : 'a second payment for an active plan: refund it at the provider',
    );
    if (refunds)
      app.jobs
        .runSoon(PAYMENT_REFUNDS_JOB)
        .catch((err: unknown) => app.log.warn({ err }, 'the refund job could not be started now: it runs at its next time'));
  };

  app.route({
    ...defineRoute(app, endpoints.createPaymentSession, 'payment'),
    handler: async (request) =>
      guardProvider(request, () =>
        startCheckout({
          db: app.db,
          provider,
          userId: grantedProfileId(request),
          body: request.body,
          publicSiteUrl: app.config.publicSiteUrl,
        }),
      ),
  });

  app.route({
    ...defineRoute(app, endpoints.verifyPayment, 'payment'),
    handler: async (request) => {
      await guardProvider(request, () =>
        confirmPayment({
          db: app.db,
          provider,
          userId: grantedProfileId(request),
          sessionId: request.body.session_id,
          onActivated,
          onDuplicate,
        }),
      );
      return { status: 'SUCCESS' as const };
    },
  });

  if (provider.name === 'stripe' && 'parseWebhook' in provider) await app.register(webhookRoutes, { provider, onActivated, onDuplicate });
  else await app.register(checkoutRoutes, { onActivated });
}
