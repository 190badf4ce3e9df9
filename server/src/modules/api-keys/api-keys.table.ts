import type { Selectable } from 'kysely';

/** api_keys (migration 0040, issue 31): a member's keys for scripts; the secret itself is never stored. */
export interface ApiKeysTable {
  id: string;
  /** The member's account (never a sub-profile: a key reaches that account's sub-profiles too). */
  user_id: string;
  name: string;
  /** Public, in the key's text: finds the row without scanning. */
  prefix: string;
  /** sha256 (hex) of the secret part of the key. */
  secret_hash: string;
  /** Comma-separated scopes. */
  scopes: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;
