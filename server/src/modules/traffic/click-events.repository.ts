import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import { precompiled } from '../../db/precompiled';
import type { TableWrite } from '../../db/batch-write';
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
  /** Issue 30: a counted click sent on to a link gets its public id (click-ids.ts); null otherwise (decision 0151). */
  clickId: string | null;
}

const EVENT_COLUMNS = [
  'created_at',
  'user_id',
  'link_id',
  'source',
  'verdict',
  'device',
  'referrer_host',
  'visitor',
  'tracked',
  'click_id',
] as const;
/** Their PostgreSQL types (migration 0006), for the batch's one statement (rollups-write.repository.ts). */
const EVENT_COLUMN_TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'integer', 'text'] as const;

/**
 * The click events of one group-commit batch as one table write, inserted with the batch's
 * roll-ups (stats/rollups-write.repository.ts): on PostgreSQL in the roll-ups' one statement,
 * on SQLite in multi-row INSERTs of up to 500 rows — never a statement per click (issue 12).
 */
export function clickEventsWrite(events: readonly ClickEventInput[]): TableWrite {
  return {
    table: 'click_events',
    columns: EVENT_COLUMNS,
    columnTypes: EVENT_COLUMN_TYPES,
    keys: [],
    counters: [],
    rows: events.map((e) => ({
      created_at: e.createdAt,
      user_id: e.userId,
      link_id: e.linkId,
      source: e.source,
      verdict: e.verdict,
      device: e.device,
      referrer_host: e.referrerHost,
      visitor: e.visitor,
      tracked: e.tracked ? 1 : 0,
      click_id: e.clickId,
    })),
  };
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
