import type { Selectable } from 'kysely';

/**
 * password_resets (DESIGN §5). Lives here rather than in modules/password-reset/ only because the
 * migration that creates every table landed first; the password-reset module owns its use.
 */
export interface PasswordResetsTable {
  /** sha256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export type PasswordResetRow = Selectable<PasswordResetsTable>;
