import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import type { Mailer } from '../mail/mailer';
import { normaliseEmail } from '../users/users.repository';
import { countRecentResets, findResettableUser, insertReset } from './password-resets.repository';
import { resetLink, resetMail } from './reset-mail';
import { RESET_TOKEN_TTL_MS, hashResetToken, newResetToken } from './reset-token';

/** The one answer, whether or not the email is registered (DESIGN §6: no account discovery). */
export const FORGOT_MESSAGE = 'If an account exists for that email, a password reset link has been sent to it.';

/** More mails than this per account per hour are silently dropped, so nobody can flood an inbox. */
export const MAX_RESETS_PER_HOUR = 5;

/**
 * POST /api/auth/forgot-password. Returns at once; the mail is sent in the background
 * (`delivery`) so the answer takes the same time whether or not the account exists.
 */
export async function requestPasswordReset(options: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicSiteUrl: string;
  email: string;
}): Promise<{ message: string; delivery: Promise<void> }> {
  const { db, mailer, log } = options;
  const answer = (delivery: Promise<void> = Promise.resolve()) => ({ message: FORGOT_MESSAGE, delivery });

  const user = await findResettableUser(db, normaliseEmail(options.email));
  if (!user?.email) return answer();
  const now = Date.now();
  if ((await countRecentResets(db, user.id, new Date(now - 3600_000).toISOString())) >= MAX_RESETS_PER_HOUR) {
    log.warn({ userId: user.id }, 'password reset: hourly mail limit reached, no mail sent');
    return answer();
  }

  const token = newResetToken();
  await insertReset(db, {
    tokenHash: hashResetToken(token),
    userId: user.id,
    expiresAt: new Date(now + RESET_TOKEN_TTL_MS).toISOString(),
    now: nowIso(),
  });
  const link = resetLink(options.publicSiteUrl, token);
  const mail = resetMail({ to: user.email, firstName: user.first_name, link, ttlMinutes: RESET_TOKEN_TTL_MS / 60_000 });
  const delivery = mailer.send(mail).then(
    () => {
      // With no SMTP server nobody receives the mail: the log is how a local user gets the link (issue 2).
      if (mailer.kind === 'outbox') log.info({ resetLink: link, to: user.email }, 'password reset mail written to the outbox');
    },
    (err: unknown) => log.error({ err, userId: user.id }, 'password reset mail could not be sent'),
  );
  return answer(delivery);
}
