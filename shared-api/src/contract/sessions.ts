import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, strict } from './common';

/**
 * Issue 33: a signed-in session as the account page shows it. `device` is read from the browser's
 * User-Agent at sign-in ("Chrome on Android"); `place` is an approximate place (a country code)
 * only when the proxy in front tells one, never the IP.
 */
export const Session = Type.Object({
  id: Type.String(),
  device: Type.String(),
  place: Nullable(Type.String()),
  created_at: Type.String(),
  last_seen_at: Type.String(),
  /** The session of the token that asked. */
  current: Type.Boolean(),
});
export type Session = Static<typeof Session>;

export const SessionsOk = Type.Object({ sessions: Type.Array(Session) });
export type SessionsOk = Static<typeof SessionsOk>;

export const SessionParams = Type.Object({ sessionId: Id }, strict);
export type SessionParams = Static<typeof SessionParams>;

export const RevokeSessionOk = Type.Object({ message: Type.String() });
export type RevokeSessionOk = Static<typeof RevokeSessionOk>;

/**
 * "Sign out everywhere else": how many ended. `token` only when the caller's own token predates
 * sessions (it has ended too): the caller stores it and goes on.
 */
export const RevokeOtherSessionsOk = Type.Object({
  message: Type.String(),
  ended: Type.Integer({ minimum: 0 }),
  token: Nullable(Type.String()),
});
export type RevokeOtherSessionsOk = Static<typeof RevokeOtherSessionsOk>;
