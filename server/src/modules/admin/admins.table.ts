import type { Selectable } from 'kysely';

/** admins (DESIGN §5): the account from ADMIN_USERNAME / ADMIN_PASSWORD, created or updated at start. */
export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  /** Set when the password changes at start: older admin tokens stop working. */
  tokens_valid_after: string | null;
  created_at: string;
}
export type AdminRow = Selectable<AdminsTable>;
