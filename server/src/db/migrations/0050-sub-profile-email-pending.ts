import type { Kysely } from 'kysely';

/**
 * Issue 33: a member could put anyone's address on a sub-profile, and the real owner of that
 * address then met "Email is already registered" at sign-up. `users.email_pending_since` is set
 * while a sub-profile's address waits for its confirmation mail to be opened: such an address is
 * not reserved (a sign-up or a confirmed change takes it over) and gets no password reset mail.
 * Null: the address is the account's (members, confirmed sub-profiles, and the sub-profiles made
 * before this migration, which keep what they had).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_pending_since', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_pending_since').execute();
}
