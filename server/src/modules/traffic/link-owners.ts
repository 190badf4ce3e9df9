import type { Db } from '../../db/database';
import { precompiled } from '../../db/precompiled';

const MAX_ENTRIES = 50_000;
const owners = new WeakMap<Db, Map<string, string>>();

const ownerStatement = precompiled((db: Db, linkId: string) => db.selectFrom('links').select('user_id').where('id', '=', linkId));

/**
 * The profile a link belongs to, for the click's group-commit key (links never change owner, so
 * a cached answer stays true; a deleted link's stale entry only orders a click that is then
 * refused with 404). Unknown links are not cached. Undefined: no such link. A known link answers
 * at once, with no promise (issue 27: every click of a blast but the first).
 */
export function linkOwner(db: Db, linkId: string): string | undefined | Promise<string | undefined> {
  let cache = owners.get(db);
  if (!cache) owners.set(db, (cache = new Map()));
  const known = cache.get(linkId);
  return known !== undefined ? known : readOwner(db, cache, linkId);
}

async function readOwner(db: Db, cache: Map<string, string>, linkId: string): Promise<string | undefined> {
  const owner = (await ownerStatement(db, linkId))[0]?.user_id;
  if (owner !== undefined) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(linkId, owner);
  }
  return owner;
}
