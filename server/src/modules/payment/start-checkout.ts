import { PLAN, type CreateSessionBody } from '@rotalink/shared-api/contract';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors';
import { cancelUrl, successUrl } from './local-provider';
import type { PaymentProvider } from './payment-provider';
import { findPayer, insertPayment, planIsActive } from './payments.repository';

export const CHECKOUT_TEXT = {
  wrongPlan: 'Invalid plan or amount.',
  subProfile: 'Sub-profiles use their member’s plan: sign in as the member to subscribe.',
  alreadyActive: 'Your plan is already active.',
} as const;

/** True when the client's amount is the plan's price (compared in cents, so 144.56 floats match). */
function isPlanPrice(amount: number): boolean {
  return Number.isFinite(amount) && Math.round(amount * 100) === PLAN.amountCents && Math.abs(amount * 100 - PLAN.amountCents) < 0.01;
}

/**
 * POST /api/payment/create-session. The client's plan and amount are only CHECKED against the
 * server's PLAN (DESIGN §6): the session is always created for the server's price.
 */
export async function startCheckout(options: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  body: CreateSessionBody;
  publicSiteUrl: string;
}): Promise<{ url: string }> {
  const { db, provider, userId, body } = options;
  if (body.planName !== PLAN.planName || body.duration !== PLAN.duration || !isPlanPrice(body.amount)) {
    throw new BadRequest(CHECKOUT_TEXT.wrongPlan);
  }
  const payer = await findPayer(db, userId);
  if (!payer) throw new NotFound('User not found.');
  if (payer.parent_id !== null) throw new Forbidden(CHECKOUT_TEXT.subProfile);
  // A lifetime plan is bought once (completePayment checks again when a session is paid).
  if (planIsActive(payer, nowIso())) throw new Conflict(CHECKOUT_TEXT.alreadyActive, 'already-active');

  const session = await provider.createSession({
    userId,
    email: payer.email,
    amountCents: PLAN.amountCents,
    currency: PLAN.currency,
    successUrl: successUrl(options.publicSiteUrl),
    cancelUrl: cancelUrl(options.publicSiteUrl),
  });
  await insertPayment(db, {
    id: session.id,
    userId,
    provider: provider.name,
    amountCents: PLAN.amountCents,
    currency: PLAN.currency,
    now: nowIso(),
  });
  return { url: session.url };
}
