import type { DbOrTrx } from '../../db/database';
import type { CustomDomainRow } from './domains.table';

export const findDomainOf = (db: DbOrTrx, userId: string): Promise<CustomDomainRow | undefined> =>
  db.selectFrom('custom_domains').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** The domains to check, least recently checked first. */
export const domainsToCheck = (db: DbOrTrx, limit: number): Promise<CustomDomainRow[]> =>
  db.selectFrom('custom_domains').selectAll().orderBy('checked_at').limit(limit).execute();

/** Records a check; `verified`: the record holds the token (null: DNS could not tell, the state stays). */
export async function recordDomainCheck(
  db: DbOrTrx,
  row: CustomDomainRow,
  verified: boolean | null,
  now: string,
): Promise<CustomDomainRow> {
  const verified_at = verified === null ? row.verified_at : verified ? (row.verified_at ?? now) : null;
  await db
    .updateTable('custom_domains')
    .set({ checked_at: now, verified_at })
    .where('hostname', '=', row.hostname)
    .where('token', '=', row.token) // replaced meanwhile: leave the new one alone
    .execute();
  return { ...row, checked_at: now, verified_at };
}
