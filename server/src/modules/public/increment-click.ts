import type { DbOrTrx } from '../../db/database';
import { Conflict, NotFound } from '../../errors';
import { TEXT } from '../../messages';
import { isCompleted } from '../links/link.mapper';
import { clickIfQueueHead, findLink } from '../links/links.repository';
import type { LinkRow } from '../links/links.table';
import type { ClickBatcher } from './click-batcher';

export const LINK_NOT_FOUND = 'Link not found.';
export const LINK_COMPLETED = 'This link has reached its click limit.';

/**
 * ONE visitor click, inside the transaction it is given (DESIGN §6). The count, the cap and the
 * queue head are decided by one atomic statement (clickIfQueueHead); only when it refuses do we
 * read, to say why. A refusal is a domain error (404/409) and writes nothing.
 */
export async function applyClick(trx: DbOrTrx, linkId: string): Promise<LinkRow> {
  const clicked = await clickIfQueueHead(trx, linkId);
  if (clicked) return clicked;
  const link = await findLink(trx, linkId);
  if (!link) throw new NotFound(LINK_NOT_FOUND);
  if (isCompleted(link)) throw new Conflict(LINK_COMPLETED);
  throw new Conflict(TEXT.completePreviousFirst);
}

/**
 * A visitor's click, committed together with the clicks that arrive at the same time (group
 * commit, click-batcher.ts): resolves with the link after the click once it is durable, or
 * rejects with the reason it was refused.
 */
export function incrementClick(opts: { clicks: ClickBatcher<LinkRow>; linkId: string }): Promise<LinkRow> {
  return opts.clicks.click(opts.linkId);
}
