import type { ChangeEmailBody } from '@rotalink/shared-api/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect-sql';
import { nowIso } from '../../db/ids';
import { BadRequest, Conflict, TooMany } from '../../errors';
import type { LoginLimiter } from '../../plugins/login-limiter';
import { EMAIL_TAKEN } from '../auth';
import type { MailDeps } from '../mail';
import { findUserByEmail, findUserById, normaliseEmail, releasePendingEmail, updateUser } from '../users';
import { maskEmail, recordAudit } from '../audit';
import { checkCurrentPassword } from './current-password';
import { sendEmailChangedNotice, sendEmailChangeMail, sendEmailChangeRequestedNotice } from './email-change-mail';
import { emailNowHereMail, forgotPasswordLink, queueSecurityMail } from './security-mail';
import { useAllResets } from '../password-reset';
import { countRecentEmailChanges, findEmailChangeForUpdate, insertEmailChange, useAllEmailChanges } from './email-changes.repository';

/** 32 random bytes like a reset token; only the sha256 is stored. A day to open the mail. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;
/** More requests than this per account per hour are refused, so nobody floods an inbox through us. */
export const MAX_EMAIL_CHANGES_PER_HOUR = 5;

export const EMAIL_TEXT = {
  same: 'This is already the email address of your account.',
  tooMany: 'Too many email change requests. Please try again in an hour.',
  sent: (email: string) => `We sent a confirmation link to ${email}. Your email address changes when you open it.`,
  invalid: 'This email confirmation link is invalid or has expired. Please ask for a new one.',
  taken: 'This email address now belongs to another account. Please ask for a change to another address.',
  done: (email: string) => `Your email address is now ${email}. Use it to sign in.`,
  /** Issue 29: the same link opened again (a second click, a mail scanner first) is no failure. */
  already: (email: string) => `Your email address ${email} is already confirmed. Use it to sign in.`,
} as const;

const newToken = (): string => randomBytes(32).toString('base64url');
export const hashEmailToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * POST /api/auth/change-email (issue 13): after the current password, a single-use link is
 * mailed to the NEW address (sent after the answer), and the current address is told. The
 * account's email is unchanged until the link is opened; asking again, or a new password, voids
 * the earlier links.
 */
export async function requestEmailChange(opts: {
  db: Db;
  limiter: LoginLimiter;
  mail: MailDeps;
  userId: string;
  ip: string;
  body: ChangeEmailBody;
}): Promise<string> {
  const { db, body } = opts;
  // The link goes through the outbox (issue 16): a mail server that is away delays it, never loses it.
  const user = await checkCurrentPassword({ db, limiter: opts.limiter, userId: opts.userId, ip: opts.ip, password: body.currentPassword });
  const newEmail = normaliseEmail(body.newEmail);
  if (newEmail === user.email) throw new BadRequest(EMAIL_TEXT.same);
  const holder = await findUserByEmail(db, newEmail);
  // Held unconfirmed by a sub-profile (issue 33): not taken; the confirmation decides.
  if (holder && holder.email_pending_since === null) throw new Conflict(EMAIL_TAKEN, 'email-taken');
  const now = Date.now();
  if ((await countRecentEmailChanges(db, user.id, new Date(now - 3600_000).toISOString())) >= MAX_EMAIL_CHANGES_PER_HOUR) {
    throw new TooMany(EMAIL_TEXT.tooMany);
  }
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await useAllEmailChanges(trx, user.id, nowIso());
    await insertEmailChange(trx, {
      tokenHash: hashEmailToken(token),
      userId: user.id,
      newEmail,
      expiresAt: new Date(now + EMAIL_CHANGE_TTL_MS).toISOString(),
      now: nowIso(),
    });
  });
  void sendEmailChangeMail(opts.mail, { to: newEmail, firstName: user.first_name, token, ttlHours: EMAIL_CHANGE_TTL_MS / 3600_000 });
  // The current address hears of it now, while changing the password still cancels the change.
  if (user.email) void sendEmailChangeRequestedNotice(opts.mail, { to: user.email, firstName: user.first_name, newEmail });
  return EMAIL_TEXT.sent(newEmail);
}

/**
 * POST /api/auth/confirm-email (no sign-in: the link may be opened on another device). One
 * transaction: the token must be known, unused and unexpired; the email changes (the UNIQUE index
 * has the last word if another account took the address meanwhile) and every open link of the
 * user is used up, as are the password reset links mailed to the old address. The old address is
 * told afterwards; the new one gets a security notice in the same transaction (issue 29). A link
 * that was already used for the address the account now has answers "already confirmed".
 */
export async function confirmEmailChange(opts: { db: Db; mail: MailDeps; token: string; ipHash?: string | null }): Promise<string> {
  const { db } = opts;
  const changed = await db.transaction().execute(async (trx) => {
    const change = await findEmailChangeForUpdate(trx, hashEmailToken(opts.token));
    const now = nowIso();
    if (!change) throw new BadRequest(EMAIL_TEXT.invalid);
    const user = await findUserById(trx, change.user_id);
    if (!user) throw new BadRequest(EMAIL_TEXT.invalid);
    if (change.used_at !== null && user.email === change.new_email) return { already: true as const, newEmail: change.new_email };
    if (change.used_at !== null || change.expires_at <= now) throw new BadRequest(EMAIL_TEXT.invalid);
    const holder = await findUserByEmail(trx, change.new_email);
    if (holder && holder.id !== user.id) {
      if (holder.email_pending_since === null) throw new Conflict(EMAIL_TEXT.taken, 'email-taken');
      // Someone else's sub-profile held it unconfirmed: this link proves the address (issue 33).
      await releasePendingEmail(trx, change.new_email);
    }
    try {
      // A sub-profile's own pending address becomes its own here too (issue 33).
      await updateUser(trx, user.id, { email: change.new_email, email_pending_since: null });
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(EMAIL_TEXT.taken, 'email-taken');
      throw err;
    }
    await useAllEmailChanges(trx, user.id, now);
    // Whoever opened the link proved the address: the account's owner, for the record (issue 33).
    await recordAudit(trx, {
      action: 'member.email-changed',
      actor: { kind: 'member', id: user.id },
      targetId: user.id,
      changes: { email: [maskEmail(user.email), maskEmail(change.new_email)] },
      ipHash: opts.ipHash ?? null,
    });
    // Reset links went to the old address: whoever still reads it must not get the account back.
    await useAllResets(trx, user.id, now);
    const notice = emailNowHereMail({
      to: change.new_email,
      firstName: user.first_name,
      resetUrl: forgotPasswordLink(opts.mail.publicSiteUrl),
    });
    await queueSecurityMail(opts.mail, trx, user.id, 'email changed security notice', notice);
    return { already: false as const, oldEmail: user.email, newEmail: change.new_email, firstName: user.first_name };
  });
  if (changed.already) return EMAIL_TEXT.already(changed.newEmail);
  opts.mail.outbox.wake();
  if (changed.oldEmail && changed.oldEmail !== changed.newEmail) {
    void sendEmailChangedNotice(opts.mail, { to: changed.oldEmail, firstName: changed.firstName, newEmail: changed.newEmail });
  }
  return EMAIL_TEXT.done(changed.newEmail);
}
