import type { DbOrTrx } from '../../db/database';

/** Where the previous page of conversions ended: the last row's time and id (keyset pagination). */
export interface ConversionCursor {
  at: string;
  id: string;
}

/**
 * One page of a profile's conversions in [from, to), oldest first, after `after`: a range of
 * conversions_profile_time_idx that starts where the previous page ended (the row comparison of
 * click-events-page.repository.ts, never an OFFSET). The conversions CSV (issue 30) and the
 * account export (issue 33) read with it.
 */
export function readConversionPage(
  db: DbOrTrx,
  q: { userId: string; from: string; to: string; after: ConversionCursor | null; limit: number },
) {
  const after = q.after;
  return db
    .selectFrom('conversions')
    .select([
      'id',
      'created_at',
      'txid',
      'refunded_at',
      'amount_minor',
      'currency',
      'attributed',
      'click_id',
      'click_at',
      'link_id',
      'source',
      'via',
    ])
    .where('user_id', '=', q.userId)
    .where('created_at', '<', q.to)
    .where((eb) => (after ? eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.at, after.id)) : eb('created_at', '>=', q.from)))
    .orderBy('created_at')
    .orderBy('id')
    .limit(q.limit)
    .execute();
}

export type ConversionPageRow = Awaited<ReturnType<typeof readConversionPage>>[number];
