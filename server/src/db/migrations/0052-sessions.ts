import type { Kysely } from 'kysely';

/**
 * Issue 33: signed-in sessions, one row per sign-in of a member or sub-profile. The session's id
 * is in its token (`sid`); the auth guard reads the row with the account row it already reads, so
 * a revoked session is refused on its next request on every API node. No IP: `device` (from the
 * User-Agent) and `place` (a country code, only when the proxy tells one). Dies with its account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('place', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    /** When its latest token was issued: a session older than the account's tokens_valid_after has ended. */
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  // "Sign out everywhere else" must also end tokens issued before sessions existed (no `sid`).
  await db.schema.alterTable('users').addColumn('sessionless_tokens_before', 'text').execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'last_seen_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.alterTable('users').dropColumn('sessionless_tokens_before').execute();
}
