import type { UpdateLinkBody } from '@rotalink/shared-api/contract';
import type { AllowedRange } from '../../config-background';
import type { Db } from '../../db/database';
import { BadRequest, NotFound } from '../../errors';
import type { UserRow } from '../users';
import { LINK_NOT_FOUND } from './link-messages';
import { normaliseLinkUrl } from './link-url';
import { storedClickParam } from './click-param';
import { updateLinkFields, type LinkChanges } from './links.repository';
import type { LinkRow } from './links.table';

export const NOTHING_TO_CHANGE = 'Nothing to change: send a name, a link or max clicks.';

/**
 * POST /api/links/updateLink (issue 13): the owner changes a link's name, URL (the linkadd rule)
 * and/or cap. The change is ONE UPDATE … RETURNING, so it takes its place among concurrent clicks
 * like any other write of that row: a click either counted before it, or is judged against the new
 * cap (clicks < max_clicks, re-checked on the new row). A cap at or below the clicks already
 * counted completes the link at once; those clicks stay as counted (they happened). A completed
 * link whose cap is raised is pending again, at its place in the queue.
 */
export async function updateLink(opts: {
  db: Db;
  profile: Pick<UserRow, 'id'>;
  body: UpdateLinkBody;
  /** LINK_CHECK_TEST_ALLOW (tests only): local addresses a link may point at. */
  testAllow?: readonly AllowedRange[];
}): Promise<LinkRow> {
  const { db, profile, body } = opts;
  const changes: LinkChanges = {};
  if (body.name !== undefined) changes.name = body.name.trim();
  if (body.link !== undefined) changes.url = normaliseLinkUrl(body.link, opts.testAllow);
  if (body.max_clicks !== undefined) changes.max_clicks = body.max_clicks;
  if (body.click_param !== undefined) changes.click_param = storedClickParam(body.click_param);
  if (Object.keys(changes).length === 0) throw new BadRequest(NOTHING_TO_CHANGE);
  const row = await updateLinkFields(db, body.link_id, profile.id, changes);
  if (!row) throw new NotFound(LINK_NOT_FOUND);
  return row;
}
