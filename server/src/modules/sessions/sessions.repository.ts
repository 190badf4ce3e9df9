import type { DbOrTrx } from '../../db/database';
import type { SessionRow, SessionsTable } from './sessions.table';

export async function insertSession(db: DbOrTrx, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** A fresh token was issued for the session (password change, "sign out everywhere else"). */
export async function markIssued(db: DbOrTrx, id: string, issuedAt: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ issued_at: issuedAt, expires_at: expiresAt }).where('id', '=', id).execute();
}

/**
 * The account's live sessions, most recently seen first: not revoked, not expired, and with a
 * token issued after the account's tokens_valid_after (a password change ended the others).
 */
export async function liveSessions(db: DbOrTrx, userId: string, now: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where((eb) => eb.or([eb('users.tokens_valid_after', 'is', null), eb('sessions.issued_at', '>=', eb.ref('users.tokens_valid_after'))]))
    .orderBy('sessions.last_seen_at', 'desc')
    .orderBy('sessions.id')
    .limit(100)
    .execute();
}

/** Revokes one of the account's sessions; false when it has no such live one. */
export async function revokeOne(db: DbOrTrx, userId: string, id: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Revokes every other session of the account; how many were live. */
export async function revokeAllBut(db: DbOrTrx, userId: string, keepId: string | null, now: string): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (keepId) q = q.where('id', '!=', keepId);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** Moves last_seen_at, unless another request of the session just did. */
export async function touchSession(db: DbOrTrx, id: string, now: string, notAfter: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).where('last_seen_at', '<', notAfter).execute();
}

/**
 * Issue 33: session rows that ended (revoked, or expired) before `before`: the account page no
 * longer lists them and no token can use them (a revoked or unknown session is refused alike).
 */
export async function deleteEndedSessions(db: DbOrTrx, before: string): Promise<number> {
  const res = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('revoked_at', '<', before), eb('expires_at', '<', before)]))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
