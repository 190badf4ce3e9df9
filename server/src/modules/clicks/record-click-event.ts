import type { DbOrTrx } from '../../db/database';
import { rollUp } from '../stats/rollup-hooks';
import { insertClickEvent, type ClickEventInput } from './click-events.repository';

/**
 * Every click, from the page or the rotator: its event row and its share of the roll-ups
 * (issue 15), in the same transaction, so the Stats page always agrees with the events.
 */
export async function recordClickEvent(trx: DbOrTrx, e: ClickEventInput): Promise<void> {
  await insertClickEvent(trx, e);
  await rollUp(trx, e);
}
