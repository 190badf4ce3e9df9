import type { DeleteAccountBody } from '@rotalink/shared-api/contract';
import { MESSAGES } from '@rotalink/shared-api/rules';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import { Unauthorized } from '../../errors';
import type { LoginLimiter } from '../../plugins/login-limiter';
import { checkCurrentPassword } from '../account';
import { recordAudit, type AuditWho } from '../audit';
import type { MailDeps } from '../mail';
import { MAIL_KIND } from '../outbox';
import { deleteAccount } from '../users';
import { accountDeletedMail } from './account-deleted-mail';

export const ACCOUNT_DELETED = 'Your account has been deleted. We sent a confirmation to your email address.';

/**
 * POST /api/account/delete (issue 33, decision 0145). The password first, checked like a sign-in
 * (a wrong one counts against the failed sign-in budgets: a stolen token cannot guess it). Then
 * ONE transaction (users/delete-account.ts, the admin's delete, locking in its order):
 * - the audit row `member.account-deleted` (ids and plan status only, like the admin's);
 * - open checkouts canceled, so nothing can complete for an account that is gone;
 * - the confirmation mail in the outbox, with the address read under the lock and no account
 *   reference, so the deletion's cascade leaves it;
 * - the account row deleted: its cascade removes the sub-profiles and, of every profile, links,
 *   rotator and conversion settings, click events and roll-ups, conversions, sessions (every
 *   token is refused on its next request, on every node: the guard reads the account), email
 *   changes and reset links, API keys, webhooks and their deliveries, idempotency rows, handles,
 *   the custom domain and the unsent mail about the account. Payments stay with `user_id`
 *   emptied (migration 0054).
 */
export async function deleteOwnAccount(opts: {
  db: Db;
  limiter: LoginLimiter;
  mail: MailDeps;
  userId: string;
  ip: string;
  body: DeleteAccountBody;
  who: AuditWho;
}): Promise<string> {
  const { db } = opts;
  await checkCurrentPassword({ db, limiter: opts.limiter, userId: opts.userId, ip: opts.ip, password: opts.body.password });
  const deleted = await deleteAccount(db, opts.userId, async (trx, account) => {
    const before = { kind: 'member', subscription_status: account.subscription_status };
    const changes = Object.fromEntries(Object.entries(before).map(([k, v]) => [k, [v, null]])) as Record<string, [unknown, unknown]>;
    await recordAudit(trx, { action: 'member.account-deleted', ...opts.who, targetId: account.id, changes });
    const owners = trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', account.id), eb('parent_id', '=', account.id)]));
    await trx.updateTable('payments').set({ status: 'canceled' }).where('user_id', 'in', owners).where('status', '=', 'pending').execute();
    const person = await trx.selectFrom('users').select(['email', 'first_name']).where('id', '=', account.id).executeTakeFirstOrThrow();
    if (person.email) {
      const mail = accountDeletedMail({ to: person.email, firstName: person.first_name, at: nowIso() });
      await opts.mail.outbox.enqueue({ kind: MAIL_KIND, payload: { what: 'account deleted confirmation', mail }, userId: null }, trx);
    }
  });
  // Deleted meanwhile (the admin, another tab): the session has ended.
  if (!deleted) throw new Unauthorized(MESSAGES.jwtExpired, 'session-ended');
  opts.mail.outbox.wake();
  return ACCOUNT_DELETED;
}
