import { Type, type Static } from '@sinclair/typebox';
import { strict } from './common';

/** Spec §9: the client sends planName 'monthly', duration 'monthly', amount 144.56; the server checks it. */
export const CreateSessionBody = Type.Object(
  { planName: Type.String({ minLength: 1, maxLength: 50 }), duration: Type.String({ minLength: 1, maxLength: 50 }), amount: Type.Number() },
  strict,
);
export type CreateSessionBody = Static<typeof CreateSessionBody>;
export const CreateSessionOk = Type.Object({ url: Type.String() });
export type CreateSessionOk = Static<typeof CreateSessionOk>;

export const PaymentSuccessBody = Type.Object({ session_id: Type.String({ minLength: 1, maxLength: 255 }) }, strict);
export type PaymentSuccessBody = Static<typeof PaymentSuccessBody>;
export const PaymentSuccessOk = Type.Object({ status: Type.Literal('SUCCESS') });
export type PaymentSuccessOk = Static<typeof PaymentSuccessOk>;
