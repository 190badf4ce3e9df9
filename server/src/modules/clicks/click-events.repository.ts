import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import { precompiled } from '../../db/precompiled';
import type { ClickSourceValue, ClickVerdictValue, DeviceClassValue } from './click-events.table';

export interface ClickEventInput {
  createdAt: string;
  userId: string;
  linkId: string | null;
  source: ClickSourceValue;
  verdict: ClickVerdictValue;
  device: DeviceClassValue;
  referrerHost: string | null;
  visitor: string;
  /** The profile looks this visitor up later (unique window or spillover): index the event by visitor. */
  tracked: boolean;
}

/**
 * One INSERT per click, inside the click's own group-commit transaction (so an event exists
 * exactly for each answered click). Precompiled: built once per batch, named on PostgreSQL.
 */
const insertStatement = precompiled(
  (
    db: Db,
    createdAt: string,
    userId: string,
    linkId: string | null,
    source: string,
    verdict: string,
    device: string,
    referrerHost: string | null,
    visitor: string,
    tracked: number,
  ) =>
    db.insertInto('click_events').values({
      created_at: createdAt,
      user_id: userId,
      link_id: linkId,
      source: source as ClickSourceValue,
      verdict: verdict as ClickVerdictValue,
      device: device as DeviceClassValue,
      referrer_host: referrerHost,
      visitor,
      tracked,
    }),
);

export async function insertClickEvent(db: DbOrTrx, e: ClickEventInput): Promise<void> {
  await insertStatement(
    db as Db,
    e.createdAt,
    e.userId,
    e.linkId,
    e.source,
    e.verdict,
    e.device,
    e.referrerHost,
    e.visitor,
    e.tracked ? 1 : 0,
  );
}

/**
 * Did this visitor already make a counted click on this link since `since`? Served by the partial
 * click_events_visitor_idx: `tracked = 1` is written as a literal so both engines can use it.
 */
const countedSince = precompiled((db: Db, visitor: string, userId: string, linkId: string, since: string) =>
  db
    .selectFrom('click_events')
    .select(sql<number>`1`.as('hit'))
    .where('tracked', '=', sql.lit(1))
    .where('visitor', '=', visitor)
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .where('link_id', '=', linkId)
    .where('verdict', '=', sql.lit('counted'))
    .limit(1),
);

export async function hasCountedClickSince(
  db: DbOrTrx,
  q: { visitor: string; userId: string; linkId: string; since: string },
): Promise<boolean> {
  return (await countedSince(db as Db, q.visitor, q.userId, q.linkId, q.since)).length > 0;
}

/** The link this visitor's latest rotator visit of this profile went to (spillover without its cookie). */
const lastRotatorLink = precompiled((db: Db, visitor: string, userId: string) =>
  db
    .selectFrom('click_events')
    .select('link_id')
    .where('tracked', '=', sql.lit(1))
    .where('visitor', '=', visitor)
    .where('user_id', '=', userId)
    .where('source', '=', sql.lit('rotator'))
    .where('link_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1),
);

export async function findLastRotatorLink(db: DbOrTrx, visitor: string, userId: string): Promise<string | undefined> {
  return (await lastRotatorLink(db as Db, visitor, userId))[0]?.link_id ?? undefined;
}
