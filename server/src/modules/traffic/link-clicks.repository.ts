import { sql, type QueryCreator } from 'kysely';
import type { Database, Db, DbOrTrx } from '../../db/database';
import type { ClosingWrite } from '../../db/shaped-statements';
import { engineOf } from '../../db/dialect-sql';
import { precompiled } from '../../db/precompiled';
import type { LinkRow } from '../links';
import { clickRulesOf, type ClickRules } from './verdict';

/**
 * The statements a click runs on its link's row (DESIGN §6, issues 12 and 14): the atomic capped
 * click, the locked read of a run, the run's counters. Only the ledger writes a link's counters.
 */
const LINK_COLUMNS = [
  'id',
  'user_id',
  'name',
  'url',
  'clicks',
  'max_clicks',
  'position',
  'created_at',
  'counted_clicks',
  'all_clicks',
  // Issue 30: where the click id goes on the way to the link (destination.ts).
  'click_param',
] as const;

/** A link as the click statements return it (its queue and click columns). */
export type ClickedLink = Pick<LinkRow, (typeof LINK_COLUMNS)[number]>;

/** The head of the link's own profile queue (the first pending link in queue order; paused links are skipped, issue 16). */
const QUEUE_HEAD = sql<string>`(select l2.id from links as l2
        where l2.user_id = links.user_id and l2.paused_at is null and (l2.max_clicks is null or l2.clicks < l2.max_clicks)
        order by l2.position, l2.created_at, l2.id limit 1)`;

/**
 * The click, the cap check and the queue-head check as ONE atomic statement (DESIGN §6): no
 * read-then-write in JavaScript, so however many visitors click at once, on one API node or
 * several sharing PostgreSQL, clicks never exceed max_clicks. On PostgreSQL a concurrent
 * UPDATE of the same row waits and then re-checks `clicks < max_clicks` on the new row version.
 * A counted click also adds to the lifetime totals (issue 14).
 * Precompiled (db/precompiled.ts): the hottest write is built and compiled once per database or
 * transaction (a group-commit batch, db/group-commit.ts) and named on PostgreSQL,
 * so it returns explicit columns.
 */
const clickStatement = precompiled((db: Db, linkId: string) =>
  db
    .updateTable('links')
    .set({ clicks: sql<number>`clicks + 1`, counted_clicks: sql<number>`counted_clicks + 1`, all_clicks: sql<number>`all_clicks + 1` })
    .where('id', '=', linkId)
    .where((eb) => eb.or([eb('max_clicks', 'is', null), eb('clicks', '<', eb.ref('max_clicks'))]))
    .where('id', '=', QUEUE_HEAD)
    .returning(LINK_COLUMNS),
);

/**
 * A link before a run of clicks on it (issue 12): its click columns and whether it may be clicked
 * at all (the head of its queue, not paused, not full), with its row locked on PostgreSQL until
 * the batch commits — so the clicks decided from it in JavaScript are decided exactly as the
 * atomic statement above would decide them one by one (SQLite's write transaction is exclusive).
 * The profile's click rules come in the same statement: on PostgreSQL a round trip less per
 * batch, before another API node's wait for this row (decision 0082).
 */
const RULE_OF_PROFILE = (column: 'filter_bots' | 'unique_window_hours') =>
  sql<number | null>`(select r.${sql.ref(column)} from rotators as r where r.user_id = ${sql.ref('links.user_id')})`.as(column);
const lockedForClicks = precompiled((db: Db, linkId: string) => {
  const q = db
    .selectFrom('links')
    .select([
      ...LINK_COLUMNS,
      sql<number>`case when ${sql.ref('links.id')} = ${QUEUE_HEAD} then 1 else 0 end`.as('clickable'),
      RULE_OF_PROFILE('filter_bots'),
      RULE_OF_PROFILE('unique_window_hours'),
    ])
    .where('id', '=', linkId);
  return engineOf(db) === 'postgres' ? q.forUpdate() : q;
});

export async function lockLinkForClicks(
  db: DbOrTrx,
  linkId: string,
): Promise<{ link: ClickedLink; clickable: boolean; rules: ClickRules } | undefined> {
  const row = (await lockedForClicks(db as Db, linkId))[0];
  if (!row) return undefined;
  const { clickable, filter_bots, unique_window_hours, ...link } = row;
  return { link, clickable: Number(clickable) === 1, rules: clickRulesOf({ filter_bots, unique_window_hours }) };
}

/**
 * Adds a run's clicks to a link locked by lockLinkForClicks: `counted` burn the cap, `all` every
 * click. (It returns the owner: a write that names its profile is one the driver's watch of
 * committed writes could attribute, db/committed-writes.ts; the ledger's batches tell their
 * profiles through ClickRecorded instead, issue 27.)
 */
const addClicksQuery = (db: QueryCreator<Database>, linkId: string, counted: number, all: number) =>
  db
    .updateTable('links')
    .set({
      clicks: sql<number>`clicks + ${counted}`,
      counted_clicks: sql<number>`counted_clicks + ${counted}`,
      all_clicks: sql<number>`all_clicks + ${all}`,
    })
    .where('id', '=', linkId)
    .returning('user_id');
const addClicksStatement = precompiled(addClicksQuery);

export async function addClicks(db: DbOrTrx, linkId: string, counted: number, all: number): Promise<void> {
  await addClicksStatement(db as Db, linkId, counted, all);
}

/**
 * addClicks as the statement that closes a batch's write on PostgreSQL (decision 0082), the
 * batch's other writes in its WITH clauses, returning the owner as addClicks does.
 */
export function addClicksClosing(linkId: string, counted: number, all: number): ClosingWrite {
  return {
    shape: 'links:add-clicks',
    values: [linkId, counted, all],
    build: (creator, value) => addClicksQuery(creator, value(0), value(1), value(2)),
    alone: (db) => addClicks(db, linkId, counted, all),
  };
}

/** Returns the link after the click, or undefined when the click was refused. */
export async function clickIfQueueHead(db: DbOrTrx, linkId: string): Promise<ClickedLink | undefined> {
  return (await clickStatement(db as Db, linkId))[0];
}

/**
 * A page click that does not count (a bot, a repeat): the same queue rules decide whether the
 * click is allowed at all, but only `all_clicks` moves, never the cap.
 */
const uncountedStatement = precompiled((db: Db, linkId: string) =>
  db
    .updateTable('links')
    .set({ all_clicks: sql<number>`all_clicks + 1` })
    .where('id', '=', linkId)
    .where((eb) => eb.or([eb('max_clicks', 'is', null), eb('clicks', '<', eb.ref('max_clicks'))]))
    .where('id', '=', QUEUE_HEAD)
    .returning(LINK_COLUMNS),
);

export async function uncountedClickIfQueueHead(db: DbOrTrx, linkId: string): Promise<ClickedLink | undefined> {
  return (await uncountedStatement(db as Db, linkId))[0];
}

/**
 * A counted rotator click on a link the rotator chose (under its profile's lock): the cap is
 * still checked in the statement, so a page click that filled the link meanwhile (another node
 * on PostgreSQL) makes it refuse instead of overshooting.
 */
const cappedClickStatement = precompiled((db: Db, linkId: string) =>
  db
    .updateTable('links')
    .set({ clicks: sql<number>`clicks + 1`, counted_clicks: sql<number>`counted_clicks + 1`, all_clicks: sql<number>`all_clicks + 1` })
    .where('id', '=', linkId)
    .where('paused_at', 'is', null)
    .where((eb) => eb.or([eb('max_clicks', 'is', null), eb('clicks', '<', eb.ref('max_clicks'))]))
    .returning(LINK_COLUMNS),
);

/** The link after the counted click, or undefined when it was refused (full or paused meanwhile). */
export async function clickIfBelowCap(db: DbOrTrx, linkId: string): Promise<ClickedLink | undefined> {
  return (await cappedClickStatement(db as Db, linkId))[0];
}

/**
 * A link's count, cap and pause as they are now, its row locked on PostgreSQL until the batch
 * commits: the rotator's first counted visit of a link in a run reads it here (another node's
 * page click may have moved it since the queue was read), then decides the run's later visits of
 * that link in JavaScript, exactly, since no one else can click it before the commit.
 */
const lockedCountsStatement = precompiled((db: Db, linkId: string) => {
  const q = db.selectFrom('links').select(['clicks', 'max_clicks', 'paused_at']).where('id', '=', linkId);
  return engineOf(db) === 'postgres' ? q.forUpdate() : q;
});

export async function lockLinkCounts(
  db: DbOrTrx,
  linkId: string,
): Promise<{ clicks: number; max_clicks: number | null; paused: boolean } | undefined> {
  const row = (await lockedCountsStatement(db as Db, linkId))[0];
  return (
    row && {
      clicks: Number(row.clicks),
      max_clicks: row.max_clicks === null ? null : Number(row.max_clicks),
      paused: row.paused_at !== null,
    }
  );
}

/** Did this counted click complete its link? Exactly one click per fill sees clicks === max_clicks. */
export const filledBy = (link: Pick<ClickedLink, 'clicks' | 'max_clicks'>): boolean =>
  link.max_clicks !== null && Number(link.clicks) === Number(link.max_clicks);
