import { PAYMENT_CANCELLED_PARAM } from '@rotalink/shared-api/rules';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { checkoutToken } from './checkout-token';
import { SESSION_ID_PLACEHOLDER, type CheckoutSession, type CreateSessionInput, type PaymentProvider } from './payment-provider';
import { findPayment } from './payments.repository';

/**
 * The built-in provider (DESIGN §7): the session is the `payments` row itself, the "card form" is
 * our own checkout page at `{API}/checkout/{id}`, and its Pay button is what marks it paid.
 * For local runs and demos; nothing is charged.
 */
export function createLocalProvider(options: { db: Db; apiPublicUrl: string; secret: string }): PaymentProvider {
  return {
    name: 'local',
    async createSession(input: CreateSessionInput): Promise<CheckoutSession> {
      // 24 random bytes, not guessable; the token proves the page was opened by the owner (checkout-token.ts).
      const id = `cs_local_${randomBytes(24).toString('base64url')}`;
      return { id, url: `${options.apiPublicUrl}/checkout/${id}?token=${checkoutToken(options.secret, id, input.userId)}` };
    },
    async verify(sessionId: string) {
      const row = await findPayment(options.db, sessionId);
      if (!row || row.provider !== 'local') return null;
      return { sessionId, paid: row.status === 'paid', userId: row.user_id, amountCents: row.amount_cents, currency: row.currency };
    },
  };
}

/** Where the browser lands after paying: the shell's payment-success page (spec §2). */
export function successUrl(publicSiteUrl: string): string {
  return `${publicSiteUrl}/payment-success?session_id=${SESSION_ID_PLACEHOLDER}`;
}

/**
 * Where the checkout's Cancel leads (the built-in page's link and Stripe's cancel_url): the
 * landing page, marked so it can say 'Payment cancelled — you were not charged' (issue 13).
 */
export function cancelUrl(publicSiteUrl: string): string {
  return `${publicSiteUrl}/?${PAYMENT_CANCELLED_PARAM.name}=${PAYMENT_CANCELLED_PARAM.value}`;
}

export function withSessionId(url: string, sessionId: string): string {
  return url.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(sessionId));
}
