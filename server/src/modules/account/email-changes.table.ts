import type { Selectable } from 'kysely';

/** email_changes (migration 0005): a pending change of a user's email, confirmed by a mailed link. */
export interface EmailChangesTable {
  /** sha256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  /** Normalised (trimmed, lower case) like every stored email. */
  new_email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export type EmailChangeRow = Selectable<EmailChangesTable>;
