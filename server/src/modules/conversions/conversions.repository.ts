import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { ConversionRow, NewConversionRow } from './conversions.table';

/** A click a postback names, as far as attribution needs it. */
export interface FoundClick {
  link_id: string | null;
  source: 'page' | 'rotator';
  created_at: string;
}

/**
 * The click with this id of this profile. The id carries its click's time (click-ids.ts), so the
 * read is one probe of click_events_profile_time_idx (user_id, created_at), whatever the table's size.
 */
export async function findClickById(db: DbOrTrx, q: { userId: string; clickId: string; clickAt: string }): Promise<FoundClick | undefined> {
  return db
    .selectFrom('click_events')
    .select(['link_id', 'source', 'created_at'])
    .where('user_id', '=', q.userId)
    .where('created_at', '=', q.clickAt)
    .where('click_id', '=', q.clickId)
    .executeTakeFirst();
}

/**
 * Inserts the sale unless the profile already has this txid: the unique (user_id, txid) index
 * decides, on either engine and any number of nodes, so retries and races record it once.
 * Answers whether this call inserted it.
 */
export async function insertConversionOnce(trx: DbOrTrx, row: NewConversionRow): Promise<boolean> {
  const res = await trx
    .insertInto('conversions')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'txid']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findConversionByTxid(db: DbOrTrx, userId: string, txid: string): Promise<ConversionRow | undefined> {
  return db.selectFrom('conversions').selectAll().where('user_id', '=', userId).where('txid', '=', txid).executeTakeFirst();
}

/** Marks the sale refunded once: true only for the call that changed it. */
export async function refundConversionOnce(trx: DbOrTrx, q: { userId: string; txid: string; at: string }): Promise<boolean> {
  const res = await trx
    .updateTable('conversions')
    .set({ refunded_at: q.at })
    .where('user_id', '=', q.userId)
    .where('txid', '=', q.txid)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Has this link converted before (another sale than `exceptId`)? For the first-conversion mail. */
export async function linkConvertedBefore(trx: DbOrTrx, linkId: string, exceptId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('conversions')
    .select(sql<number>`1`.as('hit'))
    .where('link_id', '=', linkId)
    .where('id', '!=', exceptId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest conversions of a profile, newest first, with their link's name when it still exists. */
export async function recentConversions(db: DbOrTrx, userId: string, limit: number) {
  return db
    .selectFrom('conversions as c')
    .leftJoin('links as l', 'l.id', 'c.link_id')
    .select([
      'c.id',
      'c.created_at',
      'c.txid',
      'c.via',
      'c.amount_minor',
      'c.currency',
      'c.refunded_at',
      'c.attributed',
      'c.click_id',
      'c.link_id',
      'l.name as link_name',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}
