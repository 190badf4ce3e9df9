import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { createLocalProvider } from './local-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider, type StripeProvider } from './stripe-provider';

/** PAYMENT_PROVIDER (DESIGN §4); config.ts already refused stripe without its two secrets. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider | StripeProvider {
  if (config.paymentProvider === 'stripe') {
    return createStripeProvider({
      secretKey: config.stripeSecretKey as string,
      webhookSecret: config.stripeWebhookSecret,
      api: config.stripeApi,
    });
  }
  return createLocalProvider({ db, apiPublicUrl: config.apiPublicUrl, secret: config.jwtSecret });
}
