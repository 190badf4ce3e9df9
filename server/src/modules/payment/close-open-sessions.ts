import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { PaymentProvider } from './payment-provider';
import type { PaymentRow } from './payments.table';
import { markCanceled, openSessionsOf } from './payments.repository';

/**
 * Once a payment has activated the plan, the member's other open checkout sessions (a second
 * tab, an old checkout page) are closed at the provider, so a lifetime plan cannot be paid twice
 * there (Stripe takes the money before we hear of it; the local checkout refuses its own Pay,
 * see complete-payment.ts). Best effort, after the answer: a session the provider could not close
 * is logged, and if it is paid anyway complete-payment.ts records it for a refund.
 */
export async function closeOpenSessions(options: {
  db: Db;
  provider: PaymentProvider;
  payment: PaymentRow;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, provider, payment, log } = options;
  if (!provider.expire) return;
  try {
    for (const open of await openSessionsOf(db, payment.user_id, payment.id)) {
      if (open.provider !== provider.name) continue;
      try {
        await provider.expire(open.id);
        await markCanceled(db, open.id);
      } catch (err) {
        log.warn(
          { sessionId: open.id, cause: (err as Error).message },
          'could not close an open checkout session of a member whose plan is active',
        );
      }
    }
  } catch (err) {
    log.warn(
      { userId: payment.user_id, cause: (err as Error).message },
      'could not list the open checkout sessions of a member whose plan is active',
    );
  }
}
