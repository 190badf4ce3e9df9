import type { Db } from '../../db/database';
import { BadRequest, Forbidden } from '../../errors';
import { completePayment, type OnActivated, type OnDuplicate } from './complete-payment';
import type { PaymentProvider } from './payment-provider';
import { findPayment } from './payments.repository';

export const CONFIRM_TEXT = {
  notFound: 'Payment session not found.',
  notPaid: 'Payment has not been completed.',
  failed: 'Payment verification failed.',
  notYours: 'This payment session belongs to another account.',
} as const;

/** The spec's client reads `status` on this call (DESIGN §7: 400 `{status:'FAILED', error}`). */
const failed = (message: string) => new BadRequest(message, { status: 'FAILED' });

/**
 * POST /api/payment/payment-success: the return from checkout. Asks the provider (never the
 * client) whether the session is paid, and activates the plan once. Safe to call again.
 */
export async function confirmPayment(options: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  sessionId: string;
  onActivated?: OnActivated;
  onDuplicate?: OnDuplicate;
}): Promise<void> {
  const { db, provider, userId, sessionId } = options;
  const row = await findPayment(db, sessionId);
  if (!row || row.provider !== provider.name) throw failed(CONFIRM_TEXT.notFound);
  if (row.user_id !== userId) throw new Forbidden(CONFIRM_TEXT.notYours);
  if (row.status === 'paid') return;

  const verification = await provider.verify(sessionId);
  if (!verification) throw failed(CONFIRM_TEXT.notFound);
  const result = await completePayment({ db, verification, onActivated: options.onActivated, onDuplicate: options.onDuplicate });
  if (result === 'unpaid') throw failed(CONFIRM_TEXT.notPaid);
  if (result !== 'paid') throw failed(CONFIRM_TEXT.failed);
}
