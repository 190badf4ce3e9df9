import type { Kysely } from 'kysely';

/**
 * The queue order is (position, created_at, id) per profile (DESIGN §6). 0001 indexed only
 * (user_id, position), so every read of a profile's links (the visitor page, and the click's
 * "head of the queue" subquery) sorted the rows again in a temporary b-tree. This index holds
 * them in queue order; it also serves every lookup the old one did, which it replaces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('links_user_queue_idx').on('links').columns(['user_id', 'position', 'created_at', 'id']).execute();
  await db.schema.dropIndex('links_user_position_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('links_user_position_idx').on('links').columns(['user_id', 'position']).execute();
  await db.schema.dropIndex('links_user_queue_idx').execute();
}
