import { HANDLE } from '@rotalink/shared-api/rules';
import type { Db } from '../../db/database';
import { isUniqueViolation, lockName, lockProfileRow } from '../../db/dialect-sql';
import { BadRequest } from '../../errors';
import { checkHandleShape, HANDLE_LOOKALIKE, HANDLE_TAKEN } from './handle-rules';
import { deleteFreedHandles, liveHandlesOf, liveLookAlikes } from './handles.repository';

export const HANDLE_SAVED = 'Handle saved.';
export const HANDLE_REMOVED = 'Handle removed.';
const DAY_MS = 24 * 3600_000;

/**
 * PUT /api/handles (issue 32): claims, changes or drops a profile's handle. The old handle keeps
 * redirecting for HANDLE.redirectDays and is then free; going back to one's own old handle within
 * that time takes it back. One transaction: the profile row is locked (one change per profile at a
 * time) and the skeleton's name lock makes two look-alike claims wait for each other; two claims
 * of the very same handle meet the primary key, and the loser is told it is taken.
 */
/** `userId`: the profile the access check granted (issue 31). */
export async function claimHandle(o: { db: Db; userId: string; input: string | null; now: Date }): Promise<string> {
  const profile = { id: o.userId };
  const wanted = o.input === null || o.input.trim() === '' ? null : checkHandleShape(o.input);
  const now = o.now.toISOString();
  const freesAt = new Date(o.now.getTime() + HANDLE.redirectDays * DAY_MS).toISOString();
  try {
    await o.db.transaction().execute(async (trx) => {
      await lockProfileRow(trx, profile.id);
      if (wanted) {
        await lockName(trx, `handle:${wanted.skeleton}`);
        await deleteFreedHandles(trx, now, wanted.skeleton);
        const others = await liveLookAlikes(trx, wanted.skeleton, profile.id, now);
        if (others.some((r) => r.handle === wanted.handle)) throw new BadRequest(HANDLE_TAKEN);
        if (others.length > 0) throw new BadRequest(HANDLE_LOOKALIKE);
        // A profile id that happens to be handle-shaped keeps meaning that profile (/r/{id} works for ever).
        const idClash = await trx.selectFrom('users').select('id').where('id', '=', wanted.handle).executeTakeFirst();
        if (idClash && idClash.id !== profile.id) throw new BadRequest(HANDLE_TAKEN);
      }
      const mine = await liveHandlesOf(trx, profile.id, now);
      const current = mine.find((r) => r.state === 'current');
      if (current?.handle === wanted?.handle) return;
      if (current) {
        await trx.updateTable('profile_handles').set({ state: 'old', frees_at: freesAt }).where('handle', '=', current.handle).execute();
      }
      if (!wanted) return;
      // Its own old handle (or one freed meanwhile): taken back as the current one.
      await trx.deleteFrom('profile_handles').where('handle', '=', wanted.handle).where('profile_id', '=', profile.id).execute();
      await trx
        .insertInto('profile_handles')
        .values({
          handle: wanted.handle,
          skeleton: wanted.skeleton,
          profile_id: profile.id,
          state: 'current',
          created_at: now,
          frees_at: null,
        })
        .execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new BadRequest(HANDLE_TAKEN);
    throw err;
  }
  return wanted ? HANDLE_SAVED : HANDLE_REMOVED;
}
