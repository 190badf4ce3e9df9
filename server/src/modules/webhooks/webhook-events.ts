import type { WebhookEvent } from '@rotalink/shared-api/contract';
import type { DbOrTrx } from '../../db/database';
import { nowIso } from '../../db/ids';
import type { Outbox } from '../outbox';
import type { ClickedLink, LedgerSubscriber } from '../traffic';
import { queueDelivery } from './queue-event';
import { liveEndpointsFor } from './webhooks.repository';

const linkData = (link: ClickedLink) => ({ id: link.id, name: link.name, url: link.url, max_clicks: Number(link.max_clicks) });

/**
 * Issue 31, as a subscriber of the ledger (decisions 0100, 0153): each event an account's
 * endpoints picked becomes one outbox row and one log line per endpoint, written in the SAME
 * transaction as the click, conversion or pause that caused it — so a delivery exists exactly
 * when its fact committed, once. Handlers answer false: a webhook is not the owner's mail, so the
 * click's `notified` is not theirs to set. The outbox is woken after the COMMIT.
 */
export function webhookEvents(outbox: Outbox): LedgerSubscriber {
  return {
    name: 'webhooks',
    open: () => {
      let queued = false;
      const send = async (trx: DbOrTrx, profileId: string, type: WebhookEvent, key: string, data: Record<string, unknown>, at: string) => {
        const endpoints = (await liveEndpointsFor(trx, profileId)).filter((e) => e.events.split(',').includes(type));
        for (const endpoint of endpoints) {
          const id = await queueDelivery(trx, outbox, {
            endpoint,
            eventKey: key,
            body: { type, timestamp: at, data: { profile_id: profileId, ...data } },
          });
          queued ||= id !== null;
        }
        return false;
      };
      return {
        LinkFilled: (e, trx) =>
          send(
            trx,
            e.profileId,
            'link.filled',
            `filled:${e.link.id}:${Number(e.link.counted_clicks)}`,
            { link: linkData(e.link), next: e.next },
            nowIso(),
          ),
        QueueEmptied: (e, trx) =>
          send(
            trx,
            e.profileId,
            'queue.empty',
            `empty:${e.link.id}:${Number(e.link.counted_clicks)}`,
            { last_link: linkData(e.link) },
            nowIso(),
          ),
        LinkPaused: (e, trx) =>
          send(trx, e.profileId, 'link.paused', `paused:${e.link.id}:${e.at}`, { link: e.link, paused_by: e.by, reason: e.reason }, e.at),
        ConversionRecorded: (e, trx) => {
          // A refund reverses a sale: not a new conversion (no event of its own yet).
          if (e.status !== 'approved') return false;
          return send(
            trx,
            e.profileId,
            'conversion.created',
            `conversion:${e.conversionId}`,
            {
              conversion_id: e.conversionId,
              txid: e.txid,
              link_id: e.linkId,
              attributed: e.attributed,
              amount_minor: e.amountMinor,
              currency: e.currency,
              via: e.via,
            },
            e.at,
          );
        },
        committed: () => {
          if (queued) outbox.wake();
        },
      };
    },
  };
}
