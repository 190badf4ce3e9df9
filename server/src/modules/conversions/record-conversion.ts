import type { PostbackOk } from '@rotalink/shared-api/contract';
import type { Db, DbOrTrx } from '../../db/database';
import { newId } from '../../db/ids';
import { retryConflicts } from '../../db/retry';
import { NotFound, TooMany } from '../../errors';
import type { Outbox } from '../outbox';
import type { ConversionLimits } from './conversion-limits';
import {
  findClickById,
  findConversionByTxid,
  insertConversionOnce,
  linkConvertedBefore,
  refundConversionOnce,
  type FoundClick,
} from './conversions.repository';
import type { ConversionViaValue } from './conversions.table';
import { FIRST_CONVERSION_KIND, type FirstConversionPayload } from './first-conversion-mail';
import type { ConversionInput } from './postback-input';

export const NO_SUCH_SALE = 'No sale with this txid: a refund needs its sale first.';
export const TOO_MANY_UNATTRIBUTED = 'Too many conversions with an unknown click for this profile; try again later.';

export interface RecordConversion {
  db: Db;
  outbox: Outbox;
  limits: ConversionLimits;
  profileId: string;
  via: ConversionViaValue;
  input: ConversionInput;
  currency: string;
  minor: number;
  attributionDays: number;
  notifyFirst: boolean;
  now: Date;
}

export interface Recorded {
  answer: PostbackOk;
  /** 201 recorded, 202 unattributed, 200 duplicate or refunded. */
  statusCode: number;
}

/** The click the conversion names, if it is this profile's and inside the attribution window. */
async function attributedClick(db: DbOrTrx, r: RecordConversion): Promise<FoundClick | undefined> {
  const { clickId, clickAt } = r.input;
  if (!clickId || !clickAt) return undefined;
  const age = r.now.getTime() - Date.parse(clickAt);
  if (age < 0 || age > r.attributionDays * 86_400_000) return undefined;
  return findClickById(db, { userId: r.profileId, clickId, clickAt });
}

/**
 * A sale reported by a postback or the pixel (issue 30), recorded exactly once per (profile, txid)
 * however often and on however many nodes it arrives (the unique index decides; a second call
 * answers 'duplicate' with the first one's id). Attributed to its click when the click is this
 * profile's and inside the window; otherwise kept as unattributed, within the profile's budget.
 * The first-conversion mail of a link is queued in the same transaction (the outbox).
 */
async function recordSale(r: RecordConversion): Promise<Recorded> {
  const click = await attributedClick(r.db, r);
  const earlier = await findConversionByTxid(r.db, r.profileId, r.input.txid);
  if (earlier) return { statusCode: 200, answer: { status: 'duplicate', conversion_id: earlier.id } };
  if (!click && !(await r.limits.unattributed(r.profileId))) throw new TooMany(TOO_MANY_UNATTRIBUTED);
  const id = newId();
  let notified = false;
  const inserted = await retryConflicts(() =>
    r.db.transaction().execute(async (trx) => {
      const fresh = await insertConversionOnce(trx, {
        id,
        user_id: r.profileId,
        txid: r.input.txid,
        created_at: r.now.toISOString(),
        via: r.via,
        click_id: r.input.clickId,
        click_at: click?.created_at ?? null,
        link_id: click?.link_id ?? null,
        source: click?.source ?? null,
        attributed: click ? 1 : 0,
        amount_minor: r.minor,
        currency: r.currency,
        refunded_at: null,
      });
      if (fresh && r.notifyFirst && click?.link_id && !(await linkConvertedBefore(trx, click.link_id, id))) {
        const payload: FirstConversionPayload = {
          profileId: r.profileId,
          linkId: click.link_id,
          amountMinor: r.minor,
          currency: r.currency,
        };
        notified = await r.outbox.enqueue(
          { kind: FIRST_CONVERSION_KIND, payload, userId: r.profileId, dedupeKey: `first-conversion:${click.link_id}` },
          trx,
        );
      }
      return fresh;
    }),
  );
  if (notified) r.outbox.wake();
  if (!inserted) {
    const winner = await findConversionByTxid(r.db, r.profileId, r.input.txid);
    return { statusCode: 200, answer: { status: 'duplicate', conversion_id: winner?.id ?? id } };
  }
  return click
    ? { statusCode: 201, answer: { status: 'recorded', conversion_id: id } }
    : { statusCode: 202, answer: { status: 'unattributed', conversion_id: id } };
}

/** A refund reverses its sale once; a second refund is a duplicate; a refund without its sale is refused (the network retries). */
async function recordRefund(r: RecordConversion): Promise<Recorded> {
  const changed = await refundConversionOnce(r.db, { userId: r.profileId, txid: r.input.txid, at: r.now.toISOString() });
  const sale = await findConversionByTxid(r.db, r.profileId, r.input.txid);
  if (!sale) throw new NotFound(NO_SUCH_SALE);
  return { statusCode: 200, answer: { status: changed ? 'refunded' : 'duplicate', conversion_id: sale.id } };
}

export function recordConversion(r: RecordConversion): Promise<Recorded> {
  return r.input.status === 'refunded' ? recordRefund(r) : recordSale(r);
}
