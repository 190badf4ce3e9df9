import type { Db, DbOrTrx } from '../../db/database';
import { precompiled } from '../../db/precompiled';
import type { ClickBatch } from './click-batch';
import type { ClickVerdictValue } from './click-events.table';
import type { VisitTraits } from './visit';

/** A profile's rules for qualifying clicks (issue 14), stored with its rotator settings. */
export interface ClickRules {
  filterBots: boolean;
  /** 0 = off: every human click counts. */
  uniqueWindowHours: number;
}

export const DEFAULT_CLICK_RULES: ClickRules = { filterBots: true, uniqueWindowHours: 0 };

/** A visit: what the request says (traits) and who it is (the day's visitor hash). */
export interface Visit extends VisitTraits {
  visitor: string;
}

const rulesStatement = precompiled((db: Db, userId: string) =>
  db.selectFrom('rotators').select(['filter_bots', 'unique_window_hours']).where('user_id', '=', userId),
);

/** A profile's rules as stored (ClickBatch.rules reads them once per batch: issue 12). */
export async function loadClickRules(db: DbOrTrx, userId: string): Promise<ClickRules> {
  return clickRulesOf((await rulesStatement(db as Db, userId))[0]);
}

/** The rules of a profile's `rotators` row (none, or its columns null: the defaults). */
export function clickRulesOf(row: { filter_bots: number | null; unique_window_hours: number | null } | undefined): ClickRules {
  if (!row || row.filter_bots === null || row.unique_window_hours === null) return DEFAULT_CLICK_RULES;
  return { filterBots: Number(row.filter_bots) !== 0, uniqueWindowHours: Number(row.unique_window_hours) };
}

/**
 * bot (when the profile filters bots) → repeat (a counted click by the same visitor on the same
 * link within the window) → counted. Only `counted` burns a cap. Synchronous unless the profile
 * has a unique window (issue 27: no promise per click for the rest).
 */
export function verdictFor(
  batch: ClickBatch,
  o: { visit: Visit; rules: ClickRules; userId: string; linkId: string; now: Date },
): ClickVerdictValue | Promise<ClickVerdictValue> {
  if (o.visit.bot && o.rules.filterBots) return 'bot';
  if (o.rules.uniqueWindowHours <= 0) return 'counted';
  const since = new Date(o.now.getTime() - o.rules.uniqueWindowHours * 3_600_000).toISOString();
  return batch
    .countedClickSince({ visitor: o.visit.visitor, userId: o.userId, linkId: o.linkId, since })
    .then((repeat) => (repeat ? 'repeat' : 'counted'));
}
