import type { DbOrTrx } from '../../db/database';
import { Conflict, NotFound } from '../../errors';
import { TEXT } from '../../messages';
import { isCompleted } from '../links/link.mapper';
import { clickIfQueueHead, findLink } from '../links/links.repository';
import type { LinkRow } from '../links/links.table';

export const LINK_NOT_FOUND = 'Link not found.';
export const LINK_COMPLETED = 'This link has reached its click limit.';

/**
 * A visitor's click (DESIGN §6). The count, the cap and the queue head are decided by one
 * atomic statement (clickIfQueueHead); only when it refuses do we read, to say why. Kept alone
 * in this file so a later group-commit variant can replace the repository call.
 */
export async function incrementClick(opts: { db: DbOrTrx; linkId: string }): Promise<LinkRow> {
  const clicked = await clickIfQueueHead(opts.db, opts.linkId);
  if (clicked) return clicked;
  const link = await findLink(opts.db, opts.linkId);
  if (!link) throw new NotFound(LINK_NOT_FOUND);
  if (isCompleted(link)) throw new Conflict(LINK_COMPLETED);
  throw new Conflict(TEXT.completePreviousFirst);
}
