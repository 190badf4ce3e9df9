import type { DbOrTrx } from '../../db/database';
import { useAllResets } from '../password-reset';
import { setPasswordEndingSessions } from '../users';
import { useAllEmailChanges } from './email-changes.repository';

/**
 * A new password (changed, or reset by mail) closes every way into the account opened before it:
 * the sessions (its sub-profiles' too), the reset links mailed earlier, and any email change still
 * waiting for confirmation — someone who knew the old password may have asked for one to an
 * address they read, and changing the password is what the member does to shut them out.
 */
export async function setNewPassword(trx: DbOrTrx, userId: string, passwordHash: string, now: string): Promise<void> {
  await setPasswordEndingSessions(trx, userId, passwordHash, now);
  await useAllResets(trx, userId, now);
  await useAllEmailChanges(trx, userId, now);
}
