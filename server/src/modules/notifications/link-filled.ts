import type { DbOrTrx } from '../../db/database';
import { firstPendingLink } from '../links/link-lists.repository';
import type { ClickedLink } from '../links/links.repository';
import type { Outbox } from '../outbox/outbox';
import type { OnFinishValue } from '../rotator/rotators.table';

export const LINK_FILLED_KIND = 'link-filled';
export const QUEUE_EMPTY_KIND = 'queue-empty';

/** A link as a notification names it. */
export interface NamedLink {
  name: string;
  url: string;
}

export interface LinkFilledPayload {
  profileId: string;
  link: NamedLink & { cap: number };
  /** The new head of the queue; null: nothing is pending any more. */
  next: NamedLink | null;
}

export interface QueueEmptyPayload {
  profileId: string;
  /** The link whose last click emptied the queue. */
  link: NamedLink & { cap: number };
  onFinish: OnFinishValue;
  backupUrl: string | null;
}

/** Did this counted click complete its link? Exactly one click per fill sees clicks === max_clicks. */
export const filledBy = (link: Pick<ClickedLink, 'clicks' | 'max_clicks'>): boolean =>
  link.max_clicks !== null && Number(link.clicks) === Number(link.max_clicks);

/**
 * Issue 16: the owner's mail about a link that just reached its cap, queued in the SAME
 * transaction as the click that filled it (the outbox), so it exists exactly when that click
 * committed. The cap statement lets exactly one click reach `clicks = max_clicks`, so one mail per
 * fill; the dedupe key (link + its lifetime count) guards even a second write of the same fact.
 * When nothing is pending any more, the queue-empty mail (if switched on) says both; otherwise the
 * link-completed mail (if switched on) names the new head of the queue. Returns true when a mail was queued.
 */
export async function queueFillNotice(trx: DbOrTrx, outbox: Outbox, o: { profileId: string; link: ClickedLink }): Promise<boolean> {
  const settings = await trx
    .selectFrom('rotators')
    .select(['notify_link_completed', 'notify_queue_empty', 'on_finish', 'backup_url'])
    .where('user_id', '=', o.profileId)
    .executeTakeFirst();
  const linkOn = settings ? Number(settings.notify_link_completed) !== 0 : true;
  const emptyOn = settings ? Number(settings.notify_queue_empty) !== 0 : true;
  if (!linkOn && !emptyOn) return false;
  const next = await firstPendingLink(trx, o.profileId);
  const link = { name: o.link.name, url: o.link.url, cap: Number(o.link.max_clicks) };
  const dedupeKey = `filled:${o.link.id}:${Number(o.link.counted_clicks)}`;
  if (!next && emptyOn) {
    const payload: QueueEmptyPayload = {
      profileId: o.profileId,
      link,
      onFinish: settings?.on_finish ?? 'page',
      backupUrl: settings?.backup_url ?? null,
    };
    return outbox.enqueue({ kind: QUEUE_EMPTY_KIND, payload, userId: o.profileId, dedupeKey }, trx);
  }
  if (!linkOn) return false;
  const payload: LinkFilledPayload = { profileId: o.profileId, link, next: next ? { name: next.name, url: next.url } : null };
  return outbox.enqueue({ kind: LINK_FILLED_KIND, payload, userId: o.profileId, dedupeKey }, trx);
}
