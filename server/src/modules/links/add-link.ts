import type { AddLinkBody } from '@rotalink/shared-api/contract';
import { PLAN } from '@rotalink/shared-api/contract';
import type { AllowedRange } from '../../config-background';
import type { Db } from '../../db/database';
import { lockProfileRow } from '../../db/dialect-sql';
import { newId, nowIso } from '../../db/ids';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { USER_NOT_FOUND, type UserRow } from '../users';
import { isPlanActive } from '../users';
import { findUserById } from '../users';
import { countLinks, insertLink, nextPosition } from './links.repository';
import type { NewLinkRow } from './links.table';
import { normaliseLinkUrl } from './link-url';
import { storedClickParam } from './click-param';

export const PLAN_NEEDED = 'An active plan is needed to add links. Please subscribe first.';
export const LINK_LIMIT = `A profile can have at most ${PLAN.linksPerProfile} links.`;

/**
 * DESIGN §6: adding a link needs an active plan (the member's, or the parent member's for a
 * sub-profile) and stays within 20 links per profile. The profile row is locked for the
 * transaction (PostgreSQL), so two simultaneous adds cannot both take the 20th place.
 */
export async function addLink(opts: {
  db: Db;
  /** The profile the access check granted (issue 31). */
  profile: Pick<UserRow, 'id'>;
  body: AddLinkBody;
  /** LINK_CHECK_TEST_ALLOW (tests only): local addresses a link may point at. */
  testAllow?: readonly AllowedRange[];
}): Promise<NewLinkRow & { id: string; clicks: number; max_clicks: number | null }> {
  const { db, body } = opts;
  const url = normaliseLinkUrl(body.link, opts.testAllow);
  const clickParam = storedClickParam(body.click_param);
  return db.transaction().execute(async (trx) => {
    await lockProfileRow(trx, opts.profile.id);
    // Read again under the lock: deleted since the access check → the same 404 as an unknown id.
    const target = await findUserById(trx, opts.profile.id);
    if (!target) throw new NotFound(USER_NOT_FOUND);
    const planHolder = target.parent_id ? await findUserById(trx, target.parent_id) : target;
    if (!planHolder || !isPlanActive(planHolder)) throw new Forbidden(PLAN_NEEDED, 'plan-inactive');
    if ((await countLinks(trx, target.id)) >= PLAN.linksPerProfile) throw new Conflict(LINK_LIMIT, 'link-limit');
    const row = {
      id: newId(),
      user_id: target.id,
      name: (body.name ?? '').trim(),
      url,
      clicks: 0,
      counted_clicks: 0,
      all_clicks: 0,
      max_clicks: body.max_clicks,
      position: await nextPosition(trx, target.id),
      created_at: nowIso(),
      click_param: clickParam,
    };
    await insertLink(trx, row);
    return row;
  });
}
