import { PLAN } from '../rules/plan';
import type { CreateSessionOk, PaymentSuccessOk } from '../contract';
import { paths } from '../paths';
import { call } from '../http';

/** Spec §9: the plan is sent as planName 'monthly', duration 'monthly', amount 144.56. */
export const createPaymentSession = () =>
  call<CreateSessionOk>(paths.createPaymentSession, {
    body: { planName: PLAN.planName, duration: PLAN.duration, amount: PLAN.amount },
  });
export const verifyPayment = (sessionId: string) => call<PaymentSuccessOk>(paths.verifyPayment, { body: { session_id: sessionId } });
