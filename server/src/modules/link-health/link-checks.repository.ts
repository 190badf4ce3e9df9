import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import type { CheckResult } from './check-destination';

/** Every link the schedule checks: pending (not paused, not completed), of every profile. */
export function listLinksToCheck(db: Db) {
  return db
    .selectFrom('links')
    .select(['id', 'user_id', 'url'])
    .where('paused_at', 'is', null)
    .where((eb) => eb.or([eb('max_clicks', 'is', null), eb('clicks', '<', eb.ref('max_clicks'))]))
    .orderBy('id')
    .execute();
}

/** Stores a check's outcome and counts failures in a row (a success starts again at 0); the link after it. */
export function recordCheck(trx: DbOrTrx, o: { linkId: string; check: CheckResult; at: string }) {
  return trx
    .updateTable('links')
    .set({
      last_check_at: o.at,
      last_check_ok: o.check.ok ? 1 : 0,
      last_check_result: o.check.result,
      check_failures: o.check.ok ? 0 : sql<number>`check_failures + 1`,
    })
    .where('id', '=', o.linkId)
    .returning(['id', 'user_id', 'name', 'url', 'check_failures', 'paused_at'])
    .executeTakeFirst();
}
