import type { DbOrTrx } from '../../db/database';
import { TooMany } from '../../errors';

/** An export reads every row the account has: a few an hour is plenty for a person. */
export const MAX_EXPORTS_PER_HOUR = 5;
export const EXPORT_TEXT = {
  tooMany: 'You have downloaded your data several times this hour. Please try again later.',
  busy: 'A download of your data is already under way. Please wait for it to finish.',
} as const;

/** Accounts whose export is streaming from this node now: one at a time each. */
const running = new Set<string>();

/**
 * The export's budget (issue 33): per account, at most MAX_EXPORTS_PER_HOUR an hour, counted
 * from the audit rows every export writes (so it holds across nodes and restarts), and one at a
 * time per node. Resolves with the function that frees the running slot.
 */
export async function takeExportSlot(db: DbOrTrx, userId: string, now = Date.now()): Promise<() => void> {
  if (running.has(userId)) throw new TooMany(EXPORT_TEXT.busy, undefined, 60);
  const since = new Date(now - 3600_000).toISOString();
  const rows = await db
    .selectFrom('audit_events')
    .select('at')
    .where('actor_id', '=', userId)
    .where('action', '=', 'member.account-exported')
    .where('at', '>', since)
    .orderBy('at')
    .limit(MAX_EXPORTS_PER_HOUR)
    .execute();
  if (rows.length >= MAX_EXPORTS_PER_HOUR) {
    const wait = Math.max(1, Math.ceil((Date.parse(rows[0].at) + 3600_000 - now) / 1000));
    throw new TooMany(EXPORT_TEXT.tooMany, undefined, wait);
  }
  running.add(userId);
  return () => running.delete(userId);
}
