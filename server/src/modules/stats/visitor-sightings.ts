import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { rowValues, ShapedStatements } from '../../db/shaped-statements';
import { statementChunks as chunks } from '../../db/statement-chunks';
import type { DailyRow, RollupBatch, RollupRow, TotalsRow, VisitorSighting } from './rollup-batch';
import type { TableWrite } from '../../db/batch-write';

/**
 * Unique visitors per UTC day (decision 0065): a batch's sightings go into click_visitor_days,
 * and only the ones the table did not hold yet add a visitor to their roll-up rows. Two ways:
 * - apart (SQLite, or a batch too large for one statement): `INSERT … ON CONFLICT DO NOTHING
 *   RETURNING`, then the batch credits the rows it got back before its roll-ups are written;
 * - together (PostgreSQL, decision 0082): the sightings are the first WITH clause, `fresh`, of
 *   the batch's one statement, and each roll-up row's `visitors` counts the fresh sightings it is
 *   credited with, in SQL — no round trip, while the batch holds the clicked link's row, spent
 *   learning which were new.
 */

const COLUMNS = ['user_id', 'day', 'visitor'] as const;
const rowOf = (s: VisitorSighting) => ({ user_id: s.userId, day: s.day, visitor: s.visitor });
const keyOf = (s: { userId: string; day: string; visitor: string }) => `${s.userId} ${s.day} ${s.visitor}`;
const FRESH = 'fresh';

const apart = new ShapedStatements();

export async function creditSightingsApart(trx: DbOrTrx, batch: RollupBatch, sightings: VisitorSighting[]): Promise<void> {
  for (const part of chunks(sightings)) {
    const { values, rowsOf } = rowValues(COLUMNS, part.map(rowOf));
    const inserted = await apart.run(trx, String(part.length), values, (value) =>
      trx
        .insertInto('click_visitor_days')
        .values(rowsOf(value))
        .onConflict((oc) => oc.columns([...COLUMNS]).doNothing())
        .returning([...COLUMNS]),
    );
    const fresh = new Set(inserted.map((r) => keyOf({ userId: r.user_id, day: r.day, visitor: r.visitor })));
    for (const s of part) if (fresh.has(keyOf(s))) batch.creditVisitor(s);
  }
}

/** The sightings as the first clause of the one statement: the new ones come back with their key. */
export function sightingsWrite(sightings: VisitorSighting[]): TableWrite {
  return {
    table: 'click_visitor_days',
    columns: COLUMNS,
    columnTypes: ['text', 'text', 'text'],
    keys: COLUMNS,
    counters: [],
    rows: sightings.map(rowOf),
    as: FRESH,
    returning: [sql<string>`user_id || ' ' || day || ' ' || visitor`.as('sighting')],
  };
}

/** Which sightings each roll-up row is credited with, as the keys `countFresh` looks for. */
export interface SightingCredits {
  ofSlot(row: RollupRow): string[];
  ofDay(row: DailyRow): string[];
  ofProfile(row: TotalsRow): string[];
}

export function sightingCredits(sightings: VisitorSighting[]): SightingCredits {
  const group = (by: (s: VisitorSighting) => unknown) => {
    const out = new Map<unknown, string[]>();
    for (const s of sightings) {
      const keys = out.get(by(s));
      if (keys) keys.push(keyOf(s));
      else out.set(by(s), [keyOf(s)]);
    }
    return out;
  };
  const slots = group((s) => s.credit);
  const days = group((s) => `${s.userId} ${s.day} ${s.credit.linkId}`);
  const profiles = group((s) => s.userId);
  return {
    ofSlot: (r) => slots.get(r) ?? [],
    ofDay: (r) => days.get(`${r.userId} ${r.day} ${r.linkId}`) ?? [],
    ofProfile: (t) => profiles.get(t.userId) ?? [],
  };
}

/** A row's `visitors`: how many of its sightings (`keys`, a bound text[]) the statement stored as new. */
export const countFresh = (keys: never): RawBuilder<unknown> =>
  sql`(select count(*) from ${sql.table(FRESH)} where ${sql.ref(`${FRESH}.sighting`)} = any(cast(${keys} as text[])))`;
