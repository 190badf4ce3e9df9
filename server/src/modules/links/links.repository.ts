import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { LinkRow, NewLinkRow } from './links.table';

/** A profile's links in queue order (position, then age, then id for ties). */
export function listLinks(db: DbOrTrx, userId: string): Promise<LinkRow[]> {
  return db.selectFrom('links').selectAll().where('user_id', '=', userId).orderBy('position').orderBy('created_at').orderBy('id').execute();
}

export function findLink(db: DbOrTrx, linkId: string): Promise<LinkRow | undefined> {
  return db.selectFrom('links').selectAll().where('id', '=', linkId).executeTakeFirst();
}

export async function countLinks(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nextPosition(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('links')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.p ?? 0) + 1;
}

export async function insertLink(db: DbOrTrx, row: NewLinkRow): Promise<void> {
  await db.insertInto('links').values(row).execute();
}

/** DESIGN §6 reset: clicks back to 0 and to the end of the queue, in ONE statement. */
export async function resetLinkToEnd(db: DbOrTrx, linkId: string, userId: string): Promise<boolean> {
  const res = await db
    .updateTable('links')
    .set({
      clicks: 0,
      position: sql<number>`(select coalesce(max(l2.position), 0) + 1 from links as l2 where l2.user_id = ${userId})`,
    })
    .where('id', '=', linkId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The fields updateLink may change; absent ones stay. */
export type LinkChanges = Partial<Pick<LinkRow, 'name' | 'url' | 'max_clicks' | 'click_param'>>;

/**
 * Issue 13: a link's name / URL / cap in ONE statement (no read-then-write), so it is atomic
 * with respect to the clicks on the same row. Returns the link after the change, or undefined
 * when the profile has no such link.
 */
export async function updateLinkFields(db: DbOrTrx, linkId: string, userId: string, changes: LinkChanges): Promise<LinkRow | undefined> {
  return db.updateTable('links').set(changes).where('id', '=', linkId).where('user_id', '=', userId).returningAll().executeTakeFirst();
}

/** One link's place in the queue (reorder writes every pending link's, inside its transaction). */
export async function setLinkPosition(db: DbOrTrx, linkId: string, userId: string, position: number): Promise<void> {
  await db.updateTable('links').set({ position }).where('id', '=', linkId).where('user_id', '=', userId).execute();
}

export async function deleteLink(db: DbOrTrx, linkId: string, userId: string): Promise<boolean> {
  const res = await db.deleteFrom('links').where('id', '=', linkId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
