import { sql, type Selectable } from 'kysely';
import type { Database, Db, DbOrTrx } from '../../db/database';
import { engineOf } from '../../db/dialect-sql';
import { precompiled } from '../../db/precompiled';

/** The rotator's settings columns, read through the schema (the rotator module owns the table and its API). */
type RotatorColumns = Selectable<Database['rotators']>;
type RotationModeValue = RotatorColumns['mode'];
type OnFinishValue = RotatorColumns['on_finish'];

/** A profile's link as the rotator sees it, in queue order. */
export interface QueueLink {
  id: string;
  url: string;
  clicks: number;
  max_clicks: number | null;
  /** Issue 30: the query parameter the click id is appended as; null: none. */
  click_param: string | null;
}

export interface RotatorState {
  mode: RotationModeValue;
  onFinish: OnFinishValue;
  backupUrl: string | null;
  uniqueWindowHours: number;
  filterBots: boolean;
  /** Round robin: the link the previous counted click got. */
  lastLinkId: string | null;
  /** False: the profile never saved settings (the defaults apply, there is no row). */
  saved: boolean;
}

export const DEFAULT_ROTATOR: RotatorState = {
  mode: 'fulfillment',
  onFinish: 'page',
  backupUrl: null,
  uniqueWindowHours: 0,
  filterBots: true,
  lastLinkId: null,
  saved: false,
};

export interface ProfileQueue {
  state: RotatorState;
  links: QueueLink[];
}

const queueQuery = (db: Db, userId: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('rotators as r', 'r.user_id', 'u.id')
    // Paused links (issue 16) are not in the rotation at all.
    .leftJoin('links as l', (join) => join.onRef('l.user_id', '=', 'u.id').on('l.paused_at', 'is', null))
    .select([
      'r.user_id as saved',
      'r.mode',
      'r.on_finish',
      'r.backup_url',
      'r.unique_window_hours',
      'r.filter_bots',
      'r.last_link_id',
      'l.id',
      'l.url',
      'l.clicks',
      'l.max_clicks',
      'l.click_param',
    ])
    .where('u.id', '=', userId)
    .orderBy('l.position')
    .orderBy('l.created_at')
    .orderBy('l.id');

/**
 * The profile's settings and links in queue order in ONE statement, and on PostgreSQL the
 * profile's users row locked (FOR NO KEY UPDATE: it does not block the foreign-key checks of
 * event inserts) until the batch commits: every rotator decision of a profile — the round-robin
 * cursor, the restart — is taken by one transaction at a time, on every node. SQLite needs no
 * lock: its transactions are serialised.
 */
const lockedQueue = precompiled((db: Db, userId: string) => {
  const q = queueQuery(db, userId);
  return engineOf(db) === 'postgres' ? q.forNoKeyUpdate('u') : q;
});
const plainQueue = precompiled((db: Db, userId: string) => queueQuery(db, userId));

type QueueRow = Awaited<ReturnType<typeof plainQueue>>[number];

function toQueue(rows: QueueRow[]): ProfileQueue | undefined {
  if (rows.length === 0) return undefined;
  const r = rows[0];
  const state: RotatorState = r.saved
    ? {
        mode: r.mode as RotationModeValue,
        onFinish: r.on_finish as OnFinishValue,
        backupUrl: r.backup_url,
        uniqueWindowHours: Number(r.unique_window_hours),
        filterBots: Number(r.filter_bots) !== 0,
        lastLinkId: r.last_link_id,
        saved: true,
      }
    : DEFAULT_ROTATOR;
  const links = rows
    .filter((x) => x.id !== null)
    .map((x) => ({
      id: x.id as string,
      url: x.url as string,
      clicks: Number(x.clicks),
      max_clicks: x.max_clicks === null ? null : Number(x.max_clicks),
      click_param: x.click_param,
    }));
  return { state, links };
}

/** Undefined: no such profile. */
export async function lockProfileQueue(db: DbOrTrx, userId: string): Promise<ProfileQueue | undefined> {
  return toQueue(await lockedQueue(db as Db, userId));
}

/** The same read without a lock (HEAD, and re-reads under a lock already held). */
export async function readProfileQueue(db: DbOrTrx, userId: string): Promise<ProfileQueue | undefined> {
  return toQueue(await plainQueue(db as Db, userId));
}

const cursorStatement = precompiled((db: Db, userId: string, linkId: string) =>
  db.updateTable('rotators').set({ last_link_id: linkId }).where('user_id', '=', userId),
);

export async function moveCursor(db: DbOrTrx, userId: string, linkId: string): Promise<void> {
  await cursorStatement(db as Db, userId, linkId);
}

/**
 * on_finish 'restart': every link of the profile back to 0 clicks, in its queue order, and the
 * restart counted. Runs under the profile's lock and only when no link is pending, so however many
 * visitors finish the queue at once, it happens once; the guard in the statement keeps it so.
 */
export async function restartQueue(db: DbOrTrx, userId: string): Promise<boolean> {
  const res = await db
    .updateTable('links')
    .set({ clicks: 0 })
    .where('user_id', '=', userId)
    .where('paused_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('links as l2')
            .select('l2.id')
            .where('l2.user_id', '=', userId)
            .where('l2.paused_at', 'is', null)
            .where((eb) => eb.or([eb('l2.max_clicks', 'is', null), eb('l2.clicks', '<', eb.ref('l2.max_clicks'))])),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await db
    .updateTable('rotators')
    .set({ restarts: sql<number>`restarts + 1` })
    .where('user_id', '=', userId)
    .execute();
  return true;
}
