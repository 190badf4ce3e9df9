import type { DbOrTrx } from '../../db/database';
import { couldBeHandle } from './handle-rules';
import { resolveHandleRow } from './handles.repository';

/** A profile's public page: `{site}/{handle}` when it has one, else spec §9's `{site}/profile?userId={id}`. */
export const pageUrlOf = (publicSiteUrl: string, userId: string, handle: string | null): string =>
  handle ? `${publicSiteUrl}/${handle}` : `${publicSiteUrl}/profile?userId=${encodeURIComponent(userId)}`;

/** A profile's rotator link: `{api}/r/{handle}` when it has one, else `{api}/r/{id}` (issue 14). */
export const rotatorUrlOf = (apiPublicUrl: string, userId: string, handle: string | null): string =>
  `${apiPublicUrl}/r/${encodeURIComponent(handle ?? userId)}`;

/** An id exactly as newId() makes them: 22 base64url characters, and not all lower case (so no handle). */
const ID_ONLY = /^(?=.*[A-Z_])[A-Za-z0-9_-]{22}$/;

/**
 * What the `{x}` of `/r/{x}` (or of `/{x}` on the site) names (issue 32):
 * - an id-shaped segment is an id, with no lookup (ids keep working for ever, and the rotator's hot
 *   path pays nothing for handles);
 * - a handle-shaped one (any case) is looked up as a handle: the current handle gives the profile;
 *   an old handle gives the profile and its current address (`moved`, the caller redirects);
 * - anything else, and a handle nobody holds, is passed on as an id (the click path answers 404
 *   for an unknown one, as before).
 * `now`: the instant a handle is resolved at (an old handle moves on after a while); the present by default.
 */
export function profileForSegment(db: DbOrTrx, segment: string, now?: Date): SegmentTarget | Promise<SegmentTarget> {
  // An id answers at once, with no promise: every rotator visit by id comes this way (issue 27).
  if (ID_ONLY.test(segment) || !couldBeHandle(segment)) return { userId: segment };
  return handleTarget(db, segment, now ?? new Date());
}

export interface SegmentTarget {
  userId: string;
  moved?: { handle: string | null };
}

async function handleTarget(db: DbOrTrx, segment: string, now: Date): Promise<SegmentTarget> {
  const handle = segment.toLowerCase();
  const found = await resolveHandleRow(db, handle, now.toISOString());
  if (!found) return { userId: segment };
  if (found.current !== handle) return { userId: found.profile_id, moved: { handle: found.current } };
  return { userId: found.profile_id };
}

/**
 * A 22-character handle typed with a capital letter has an id's shape, so `profileForSegment` passed
 * it on as an id. Only once no profile answered to it (the rotator's 404 path, so the hot path still
 * pays nothing) is it looked up as a handle: the current handle it names, or null.
 */
export async function handleBehindIdShape(db: DbOrTrx, segment: string, now: Date): Promise<string | null> {
  if (!ID_ONLY.test(segment) || !couldBeHandle(segment)) return null;
  const found = await resolveHandleRow(db, segment.toLowerCase(), now.toISOString());
  return found ? found.current : null;
}
