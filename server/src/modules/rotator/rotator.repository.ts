import type { DbOrTrx } from '../../db/database';
import { nowIso } from '../../db/ids';
import type { RotatorRow } from './rotators.table';

export function findRotatorRow(db: DbOrTrx, userId: string): Promise<RotatorRow | undefined> {
  return db.selectFrom('rotators').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export type RotatorSettingsRow = Pick<
  RotatorRow,
  'mode' | 'on_finish' | 'backup_url' | 'unique_window_hours' | 'filter_bots' | 'notify_link_completed' | 'notify_queue_empty'
>;

/** Inserts the profile's settings or replaces them (the rotator's own state is kept). */
export async function saveRotatorSettings(db: DbOrTrx, userId: string, s: RotatorSettingsRow): Promise<void> {
  const updated_at = nowIso();
  await db
    .insertInto('rotators')
    .values({ user_id: userId, ...s, last_link_id: null, restarts: 0, updated_at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...s, updated_at }))
    .execute();
}
