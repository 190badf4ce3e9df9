import type { Session } from '@rotalink/shared-api/contract';
import { signToken } from '../../auth/tokens';
import type { Config } from '../../config';
import type { Db, DbOrTrx } from '../../db/database';
import { newId, nowIso } from '../../db/ids';
import { NotFound } from '../../errors';
import { recordAudit, type AuditWho } from '../audit';
import { deviceLabel } from './device';
import { insertSession, liveSessions, markIssued, revokeAllBut, revokeOne } from './sessions.repository';
import type { SessionRow } from './sessions.table';

export const SESSION_NOT_FOUND = 'Session not found.';
export const SESSION_ENDED = 'Signed out of that session.';
export const OTHERS_ENDED = 'Signed out everywhere else.';

/** Where a sign-in comes from, as the sessions list shows it: never the IP. */
export interface SignInContext {
  userAgent: string | undefined;
  place: string | null;
}

const expiry = (config: Config, from: number) => new Date(from + config.jwtTtlSeconds * 1000).toISOString();

/**
 * Issue 33: a sign-in of a member or sub-profile opens a session (a row) and answers a token that
 * names it (`sid`). Written in `trx` when the sign-in has one.
 */
export async function openSession(db: DbOrTrx, config: Config, userId: string, ctx: SignInContext): Promise<string> {
  const now = Date.now();
  const id = newId();
  const at = new Date(now).toISOString();
  await insertSession(db, {
    id,
    user_id: userId,
    device: deviceLabel(ctx.userAgent),
    place: ctx.place,
    created_at: at,
    last_seen_at: at,
    issued_at: at,
    expires_at: expiry(config, now),
    revoked_at: null,
  });
  return signToken(config.jwtSecret, config.jwtTtlSeconds, userId, 'member', id);
}

/**
 * A fresh token for the session that asked (after its account's tokens_valid_after moved): the
 * same session, or a new one for a token from before sessions existed.
 */
export async function reissue(db: DbOrTrx, config: Config, userId: string, sid: string | null, ctx: SignInContext): Promise<string> {
  if (!sid) return openSession(db, config, userId, ctx);
  const now = Date.now();
  // Signed before the row moves: issued_at ≤ the token's iat, so the list keeps the session.
  const token = await signToken(config.jwtSecret, config.jwtTtlSeconds, userId, 'member', sid);
  await markIssued(db, sid, new Date(now).toISOString(), expiry(config, now));
  return token;
}

const toSession = (row: SessionRow, currentId: string | null): Session => ({
  id: row.id,
  device: row.device,
  place: row.place,
  created_at: row.created_at,
  last_seen_at: row.last_seen_at,
  current: row.id === currentId,
});

export async function listSessions(db: Db, userId: string, currentId: string | null): Promise<Session[]> {
  return (await liveSessions(db, userId, nowIso())).map((r) => toSession(r, currentId));
}

/** Ends one session of the account (the caller's own too: that is a sign-out); one audit row. */
export async function endSession(db: Db, userId: string, sessionId: string, who: AuditWho): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ended = await revokeOne(trx, userId, sessionId, nowIso());
    if (!ended) throw new NotFound(SESSION_NOT_FOUND);
    await recordAudit(trx, { action: 'member.session-revoked', ...who, targetId: userId, changes: { session: [sessionId, null] } });
  });
}

/**
 * "Sign out everywhere else": every other session row is revoked, and tokens from before sessions
 * existed (no `sid`) end too (sessionless_tokens_before); the caller's session goes on with its
 * token. A caller whose own token has no session gets one, with a fresh token. One audit row.
 */
export async function endOtherSessions(
  db: Db,
  config: Config,
  userId: string,
  currentId: string | null,
  ctx: SignInContext,
  who: AuditWho,
): Promise<{ ended: number; token: string | null }> {
  const now = nowIso();
  const ended = await db.transaction().execute(async (trx) => {
    const n = await revokeAllBut(trx, userId, currentId, now);
    await trx.updateTable('users').set({ sessionless_tokens_before: now }).where('id', '=', userId).execute();
    await recordAudit(trx, { action: 'member.session-revoked', ...who, targetId: userId, changes: { other_sessions: [n, 0] } });
    return n;
  });
  // After the commit, so its iat is not before sessionless_tokens_before (it has a sid anyway).
  return { ended, token: currentId ? null : await openSession(db, config, userId, ctx) };
}
