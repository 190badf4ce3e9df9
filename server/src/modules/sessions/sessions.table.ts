import type { Selectable } from 'kysely';

/** sessions (migration 0052, issue 33): one per sign-in of a member or sub-profile. */
export interface SessionsTable {
  id: string;
  user_id: string;
  /** "Chrome on Android": read from the User-Agent at sign-in. */
  device: string;
  /** A country code, only when the proxy in front names one (SESSION_PLACE_HEADER); never an IP. */
  place: string | null;
  created_at: string;
  /** Moved at most once a minute by the auth guard (LAST_SEEN_STEP_MS). */
  last_seen_at: string;
  /** When its latest token was issued (sign-in, password change, "sign out everywhere else"). */
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
}
export type SessionRow = Selectable<SessionsTable>;
