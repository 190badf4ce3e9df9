import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * users (DESIGN §5): members (parent_id null) and their sub-profiles (parent_id = member id).
 * Times are ISO 8601 UTC strings on both engines; money in integer cents.
 */
export interface UsersTable {
  id: string;
  parent_id: string | null;
  email: string | null;
  /** Issue 33: a sub-profile's address not confirmed yet (not reserved); null when it is the account's. */
  email_pending_since: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  title: string;
  slogan: string;
  about: string;
  subscription_status: 'active' | 'inactive';
  subscription_type: 'monthly' | 'yearly' | null;
  package_price_cents: number | null;
  package_joined_date: string | null;
  package_expiry_date: string | null;
  /** Tokens issued before this instant are refused ('Unauthorized: jwt expired'). */
  tokens_valid_after: string | null;
  /**
   * Issue 33: a token without a session (`sid`, from before sessions existed) issued before this
   * is refused: "Sign out everywhere else" ends those too, while the caller's own session goes on.
   */
  sessionless_tokens_before: string | null;
  created_at: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
