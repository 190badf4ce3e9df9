import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import { Unavailable } from '../../errors';
import type { Mailer } from '../mail/mailer';
import { sendLater } from '../mail/send-later';
import { normaliseEmail } from '../users/users.repository';
import { countRecentResets, findResettableUser, insertReset } from './password-resets.repository';
import { resetLink, resetMail } from './reset-mail';
import { RESET_TOKEN_TTL_MS, hashResetToken, newResetToken } from './reset-token';

/** The one answer, whether or not the email is registered (DESIGN §6: no account discovery). */
export const FORGOT_MESSAGE = 'If an account exists for that email, a password reset link has been sent to it.';

/** While the SMTP server is away: the same answer for every email, so it reveals nothing either. */
export const MAIL_UNAVAILABLE = 'Email cannot be sent right now. Please try again in a few minutes.';

/** More mails than this per account per hour are silently dropped, so nobody can flood an inbox. */
export const MAX_RESETS_PER_HOUR = 5;

type Account = Awaited<ReturnType<typeof findResettableUser>>;

/**
 * POST /api/auth/forgot-password. The request does the same work whatever the email (issue 11:
 * the answer took longer for a registered one): one lookup by email, then the rest handed to
 * `sendLater` — the hourly limit, the token row and the mail happen after the answer. The lookup
 * stays on the request so a database that is away is a 503, not a silent loss; an SMTP server
 * known to be away is a 503 for every email (README "Failure modes").
 */
export async function requestPasswordReset(options: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicSiteUrl: string;
  email: string;
}): Promise<{ message: string; delivery: Promise<void> }> {
  const { db, mailer, log } = options;
  if (!mailer.isUp()) throw new Unavailable(MAIL_UNAVAILABLE);
  const account = await findResettableUser(db, normaliseEmail(options.email));
  const delivery = sendLater({ mailer, log }, 'password reset', () =>
    resetMailFor({ db, log, outbox: mailer.kind === 'outbox', publicSiteUrl: options.publicSiteUrl, account }),
  );
  return { message: FORGOT_MESSAGE, delivery };
}

/** After the answer: nothing for an unknown email; else at most 5 mails an hour, each with a fresh token. */
async function resetMailFor(o: { db: Db; log: FastifyBaseLogger; outbox: boolean; publicSiteUrl: string; account: Account }) {
  const { db, log, account: user } = o;
  if (!user?.email) return undefined;
  const now = Date.now();
  if ((await countRecentResets(db, user.id, new Date(now - 3600_000).toISOString())) >= MAX_RESETS_PER_HOUR) {
    log.warn({ userId: user.id }, 'password reset: hourly mail limit reached, no mail sent');
    return undefined;
  }
  const token = newResetToken();
  await insertReset(db, {
    tokenHash: hashResetToken(token),
    userId: user.id,
    expiresAt: new Date(now + RESET_TOKEN_TTL_MS).toISOString(),
    now: nowIso(),
  });
  const link = resetLink(o.publicSiteUrl, token);
  // With no SMTP server nobody receives the mail: the log is how a local user gets the link (issue 2).
  // Never with SMTP: a working reset link must not sit in the logs.
  if (o.outbox) log.info({ resetLink: link, to: user.email }, 'password reset link (outbox mode)');
  return resetMail({ to: user.email, firstName: user.first_name, link, ttlMinutes: RESET_TOKEN_TTL_MS / 60_000 });
}
