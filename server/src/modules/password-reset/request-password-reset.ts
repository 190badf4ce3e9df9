import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { nowIso } from '../../db/ids';
import type { Outbox, RenderContext, RenderedMail } from '../outbox';
import { normaliseEmail } from '../users';
import { recordAudit } from '../audit';
import { countRecentResets, deleteReset, findResettableUser, insertReset } from './password-resets.repository';
import { resetLink, resetMail } from './reset-mail';
import { RESET_TOKEN_TTL_MS, hashResetToken, newResetToken } from './reset-token';

/** The one answer, whether or not the email is registered (DESIGN §6: no account discovery). */
export const FORGOT_MESSAGE = 'If an account exists for that email, a password reset link has been sent to it.';

/** More mails than this per account per hour are silently dropped, so nobody can flood an inbox. */
export const MAX_RESETS_PER_HOUR = 5;

/** The outbox kind of a reset request: its payload is the typed email, normalised. */
export const PASSWORD_RESET_KIND = 'password-reset';

/**
 * POST /api/auth/forgot-password (issue 16): ONE outbox row, whatever the email — the same work
 * for a registered and an unknown address (issue 11), durable before the answer, and delivered
 * whenever the mail server answers (a reset asked for while SMTP is down is not lost). Who the
 * account is, the hourly limit and the token are settled when the mail is sent (renderResetMail),
 * so the link's 30 minutes start when it leaves, not while it waited. A database that is away is a 503.
 */
export async function requestPasswordReset(options: { outbox: Outbox; email: string }): Promise<{ message: string }> {
  await options.outbox.enqueue({ kind: PASSWORD_RESET_KIND, payload: { email: normaliseEmail(options.email) } });
  options.outbox.wake();
  return { message: FORGOT_MESSAGE };
}

/**
 * The reset mail, made when it is sent: nothing for an unknown email or an account without a login;
 * at most 5 an hour per account; else a fresh token (only its hash stored), withdrawn if the send fails.
 */
export function resetMailRenderer(publicSiteUrl: string) {
  return async (payload: { email: string }, ctx: RenderContext): Promise<RenderedMail | undefined> => {
    const user = await findResettableUser(ctx.db, payload.email);
    if (!user?.email) return undefined;
    if (await overHourlyLimit(ctx.db, ctx.log, user.id)) return undefined;
    const token = newResetToken();
    const tokenHash = hashResetToken(token);
    await ctx.db.transaction().execute(async (trx) => {
      await insertReset(trx, {
        tokenHash,
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(),
        now: nowIso(),
      });
      // Issue 33: the link exists from here; the row says one was sent (the outbox sends it next).
      await recordAudit(trx, { action: 'member.password-reset-sent', actor: { kind: 'system' }, targetId: user.id });
    });
    const link = resetLink(publicSiteUrl, token);
    // With no SMTP server nobody receives the mail: the log is how a local user gets the link (issue 2).
    // Never with SMTP: a working reset link must not sit in the logs.
    if (ctx.mailerKind === 'outbox') ctx.log.info({ resetLink: link, to: user.email }, 'password reset link (outbox mode)');
    return {
      what: 'password reset',
      mail: resetMail({ to: user.email, firstName: user.first_name, link, ttlMinutes: RESET_TOKEN_TTL_MS / 60_000 }),
      undo: () => deleteReset(ctx.db, tokenHash),
    };
  };
}

async function overHourlyLimit(db: Db, log: FastifyBaseLogger, userId: string): Promise<boolean> {
  const sent = await countRecentResets(db, userId, new Date(Date.now() - 3600_000).toISOString());
  if (sent < MAX_RESETS_PER_HOUR) return false;
  log.warn({ userId }, 'password reset: hourly mail limit reached, no mail sent');
  return true;
}
