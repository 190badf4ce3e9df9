import type { DbOrTrx } from '../../db/database';
import type { LinkName } from './get-summary';

/** A profile's links (a few hundred at most: the plan's limit), for names in the summary and the CSV. */
export async function readLinkNames(db: DbOrTrx, userId: string): Promise<LinkName[]> {
  return db.selectFrom('links').select(['id', 'name', 'url']).where('user_id', '=', userId).orderBy('id').execute();
}
