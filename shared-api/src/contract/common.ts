import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ERROR_CODES } from './error-codes';

import {
  MAX_EMAIL,
  MAX_ID,
  MAX_NAME,
  MAX_PASSWORD,
  MAX_PHONE,
  MAX_TEXT,
  MIN_EMAIL,
  MIN_PASSWORD,
  MIN_PHONE,
  PHONE_PATTERN,
  VISIBLE_TEXT_PATTERN,
} from '../rules/limits';

/** Limits every text field shares, so a huge string is a 400, never a slow query or a 500 (they live in rules/limits.ts). */
export { MAX_CLICKS, MAX_EMAIL, MAX_ID, MAX_NAME, MAX_PASSWORD, MAX_PRICE, MAX_TEXT, MAX_URL, MIN_PASSWORD } from '../rules/limits';

/** Opaque, non-sequential id (DESIGN §5): public profile URLs must not be enumerable. */
export const Id = Type.String({ minLength: 1, maxLength: MAX_ID, pattern: '^[A-Za-z0-9_-]+$' });

export const Email = Type.String({ format: 'email', minLength: MIN_EMAIL, maxLength: MAX_EMAIL });
export const Password = Type.String({ minLength: MIN_PASSWORD, maxLength: MAX_PASSWORD });
export const Name = Type.String({ minLength: 1, maxLength: MAX_NAME, pattern: VISIBLE_TEXT_PATTERN.source });
export const Text = Type.String({ maxLength: MAX_TEXT });
export const Phone = Type.String({ minLength: MIN_PHONE, maxLength: MAX_PHONE, pattern: PHONE_PATTERN.source });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * Every error answer (DESIGN §7): the same text in both fields, since the spec's client reads
 * either, and a stable `code` (error-codes.ts) that clients switch on.
 */
export const ErrorBody = Type.Object({
  error: Type.String(),
  message: Type.String(),
  code: Type.Union(ERROR_CODES.map((c) => Type.Literal(c))),
  status: Type.Optional(Type.Literal('FAILED')),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const MessageOk = Type.Object({ message: Type.String() });
export type MessageOk = Static<typeof MessageOk>;

export const StatusMessage = Type.Object({ status: Type.Literal('SUCCESS'), message: Type.String() });
export type StatusMessage = Static<typeof StatusMessage>;

/** Body schemas refuse nothing extra but keep nothing extra either (Fastify strips them). */
export const strict = { additionalProperties: false } as const;
