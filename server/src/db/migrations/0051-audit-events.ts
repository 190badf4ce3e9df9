import { sql, type Kysely } from 'kysely';
import type { DbOrTrx } from '../database';
import { engineOf } from '../dialect-sql';

/**
 * Issue 33: the audit log. One row per admin action and member security event, written in the
 * transaction of the action. Append-only: a trigger on each engine refuses UPDATE and DELETE, so
 * no code path (nor a mistaken one later) can rewrite history. No foreign keys: a row outlives
 * the account it names, and it holds no email, name or raw IP (ids, masked addresses, a keyed
 * hash of the IP), so it may.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('changes', 'text')
    .addColumn('ip_hash', 'text')
    .execute();
  // The Activity page reads newest first, whole or filtered by actor, target or action.
  await db.schema.createIndex('audit_events_at_idx').on('audit_events').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_events_actor_idx').on('audit_events').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_events_target_idx').on('audit_events').columns(['target_id', 'at']).execute();
  await db.schema.createIndex('audit_events_action_idx').on('audit_events').columns(['action', 'at']).execute();
  if (engineOf(db as unknown as DbOrTrx) === 'postgres') {
    await sql`CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_events is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
      FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
      BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
      BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  if (engineOf(db as unknown as DbOrTrx) === 'postgres') await sql`DROP FUNCTION IF EXISTS audit_events_append_only()`.execute(db);
}
