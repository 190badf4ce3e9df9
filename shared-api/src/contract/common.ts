import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Limits every text field shares, so a huge string is a 400, never a slow query or a 500. */
export const MAX_NAME = 100;
export const MAX_TEXT = 2000;
export const MAX_EMAIL = 254;
export const MAX_URL = 2048;
export const MAX_PASSWORD = 256;
export const MIN_PASSWORD = 8;
export const MAX_ID = 64;

/** Opaque, non-sequential id (DESIGN §5): public profile URLs must not be enumerable. */
export const Id = Type.String({ minLength: 1, maxLength: MAX_ID, pattern: '^[A-Za-z0-9_-]+$' });

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: MAX_EMAIL });
export const Password = Type.String({ minLength: MIN_PASSWORD, maxLength: MAX_PASSWORD });
export const Name = Type.String({ minLength: 1, maxLength: MAX_NAME });
export const Text = Type.String({ maxLength: MAX_TEXT });
export const Phone = Type.String({ minLength: 3, maxLength: 32, pattern: '^[0-9+()\\-. ]+$' });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Every error answer (DESIGN §7): the same text in both fields, since the spec's client reads either. */
export const ErrorBody = Type.Object({
  error: Type.String(),
  message: Type.String(),
  status: Type.Optional(Type.Literal('FAILED')),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const MessageOk = Type.Object({ message: Type.String() });
export type MessageOk = Static<typeof MessageOk>;

export const StatusMessage = Type.Object({ status: Type.Literal('SUCCESS'), message: Type.String() });
export type StatusMessage = Static<typeof StatusMessage>;

/** Body schemas refuse nothing extra but keep nothing extra either (Fastify strips them). */
export const strict = { additionalProperties: false } as const;
