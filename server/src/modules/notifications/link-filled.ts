import type { DbOrTrx } from '../../db/database';
import type { Outbox } from '../outbox';
import type { OnFinishValue } from '../rotator';
import type { ClickedLink, LedgerSubscriber } from '../traffic';

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

/**
 * Issue 16, as a subscriber of the click ledger (issue 27): the owner's mail about a link that
 * just reached its cap, queued in the SAME transaction as the click that filled it (the outbox),
 * so it exists exactly when that click committed. The ledger publishes LinkFilled once per fill
 * (the cap statement lets exactly one click reach `clicks = max_clicks`); the dedupe key (link +
 * its lifetime count) guards even a second write of the same fact. When nothing is pending any
 * more (QueueEmptied follows), the queue-empty mail (if switched on) says both; otherwise the
 * link-completed mail (if switched on) names the new head of the queue. The outbox is woken after
 * the COMMIT when a mail was queued.
 */
export function ownerNotices(outbox: Outbox): LedgerSubscriber {
  return {
    name: 'owner notices',
    open: () => {
      let queued = false;
      const queue = (mail: Parameters<Outbox['enqueue']>[0], trx: DbOrTrx) => outbox.enqueue(mail, trx).then((done) => (queued ||= done));
      return {
        LinkFilled: async (e, trx) => {
          // The queue-empty case is QueueEmptied's (one mail says both).
          if (e.next === null) return false;
          const settings = await noticeSettings(trx, e.profileId);
          if (!settings.linkOn) return false;
          const payload: LinkFilledPayload = { profileId: e.profileId, link: namedCap(e.link), next: e.next };
          return queue({ kind: LINK_FILLED_KIND, payload, userId: e.profileId, dedupeKey: dedupeKey(e.link) }, trx);
        },
        QueueEmptied: async (e, trx) => {
          const settings = await noticeSettings(trx, e.profileId);
          const dedupe = dedupeKey(e.link);
          if (settings.emptyOn) {
            const payload: QueueEmptyPayload = {
              profileId: e.profileId,
              link: namedCap(e.link),
              onFinish: settings.onFinish,
              backupUrl: settings.backupUrl,
            };
            return queue({ kind: QUEUE_EMPTY_KIND, payload, userId: e.profileId, dedupeKey: dedupe }, trx);
          }
          if (!settings.linkOn) return false;
          const payload: LinkFilledPayload = { profileId: e.profileId, link: namedCap(e.link), next: null };
          return queue({ kind: LINK_FILLED_KIND, payload, userId: e.profileId, dedupeKey: dedupe }, trx);
        },
        committed: () => {
          if (queued) outbox.wake();
        },
      };
    },
  };
}

const namedCap = (link: ClickedLink) => ({ name: link.name, url: link.url, cap: Number(link.max_clicks) });
const dedupeKey = (link: ClickedLink) => `filled:${link.id}:${Number(link.counted_clicks)}`;

async function noticeSettings(trx: DbOrTrx, profileId: string) {
  const settings = await trx
    .selectFrom('rotators')
    .select(['notify_link_completed', 'notify_queue_empty', 'on_finish', 'backup_url'])
    .where('user_id', '=', profileId)
    .executeTakeFirst();
  return {
    linkOn: settings ? Number(settings.notify_link_completed) !== 0 : true,
    emptyOn: settings ? Number(settings.notify_queue_empty) !== 0 : true,
    onFinish: settings?.on_finish ?? 'page',
    backupUrl: settings?.backup_url ?? null,
  };
}
