import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import { precompiled } from '../../db/precompiled';
import type { LinkRow, NewLinkRow } from './links.table';

/** A profile's links in queue order (position, then age, then id for ties). */
export function listLinks(db: DbOrTrx, userId: string): Promise<LinkRow[]> {
  return db.selectFrom('links').selectAll().where('user_id', '=', userId).orderBy('position').orderBy('created_at').orderBy('id').execute();
}

export function findLink(db: DbOrTrx, linkId: string): Promise<LinkRow | undefined> {
  return db.selectFrom('links').selectAll().where('id', '=', linkId).executeTakeFirst();
}

export async function countLinks(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db.selectFrom('links').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function nextPosition(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db.selectFrom('links').select((eb) => eb.fn.max('position').as('p')).where('user_id', '=', userId).executeTakeFirst();
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

export async function deleteLink(db: DbOrTrx, linkId: string, userId: string): Promise<boolean> {
  const res = await db.deleteFrom('links').where('id', '=', linkId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * The click, the cap check and the queue-head check as ONE atomic statement (DESIGN §6): no
 * read-then-write in JavaScript, so however many visitors click at once, on one API node or
 * several sharing PostgreSQL, clicks never exceed max_clicks. On PostgreSQL a concurrent
 * UPDATE of the same row waits and then re-checks `clicks < max_clicks` on the new row version.
 * Precompiled (db/precompiled.ts): the hottest write is built and compiled once per database or
 * transaction (a group-commit batch, modules/public/click-batcher.ts) and named on PostgreSQL,
 * so it returns explicit columns.
 */
const clickStatement = precompiled((db: Db, linkId: string) =>
  db
    .updateTable('links')
    .set({ clicks: sql<number>`clicks + 1` })
    .where('id', '=', linkId)
    .where((eb) => eb.or([eb('max_clicks', 'is', null), eb('clicks', '<', eb.ref('max_clicks'))]))
    .where(
      'id',
      '=',
      sql<string>`(select l2.id from links as l2
        where l2.user_id = links.user_id and (l2.max_clicks is null or l2.clicks < l2.max_clicks)
        order by l2.position, l2.created_at, l2.id limit 1)`,
    )
    .returning(['id', 'user_id', 'name', 'url', 'clicks', 'max_clicks', 'position', 'created_at']),
);

/** Returns the link after the click, or undefined when the click was refused. */
export async function clickIfQueueHead(db: DbOrTrx, linkId: string): Promise<LinkRow | undefined> {
  return (await clickStatement(db, linkId))[0];
}
