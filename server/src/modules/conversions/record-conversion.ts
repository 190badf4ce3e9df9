import type { PostbackOk } from '@rotalink/shared-api/contract';
import type { Db, DbOrTrx } from '../../db/database';
import { newId } from '../../db/ids';
import { retryConflicts } from '../../db/retry';
import { NotFound, TooMany } from '../../errors';
import type { ClickLedger, ConversionRecorded, LedgerUnit } from '../traffic';
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
import type { ConversionInput } from './postback-input';

export const NO_SUCH_SALE = 'No sale with this txid: a refund needs its sale first.';
export const TOO_MANY_UNATTRIBUTED = 'Too many conversions with an unknown click for this profile; try again later.';

export interface RecordConversion {
  db: Db;
  /** Its subscribers hear ConversionRecorded in the conversion's transaction (issue 27's event bus). */
  ledger: Pick<ClickLedger, 'openUnit'>;
  limits: ConversionLimits;
  profileId: string;
  via: ConversionViaValue;
  input: ConversionInput;
  currency: string;
  minor: number;
  attributionDays: number;
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
 * One transaction with the ledger's subscribers (decision 0153): `work` publishes in it, the
 * subscribers' held-back writes go just before the COMMIT, `committed` after it — a retried
 * transaction opens a fresh unit, so only the one that committed is told.
 */
async function withEvents<T>(r: RecordConversion, work: (unit: LedgerUnit) => Promise<T>): Promise<T> {
  let unit: LedgerUnit | undefined;
  const out = await retryConflicts(() =>
    r.db.transaction().execute(async (trx) => {
      unit = r.ledger.openUnit(trx);
      const value = await work(unit);
      await unit.close();
      return value;
    }),
  );
  unit?.committed();
  return out;
}

/**
 * A sale reported by a postback or the pixel (issue 30), recorded exactly once per (profile, txid)
 * however often and on however many nodes it arrives (the unique index decides; a second call
 * answers 'duplicate' with the first one's id). Attributed to its click when the click is this
 * profile's and inside the window; otherwise kept as unattributed, within the profile's budget.
 * The inserting call publishes ConversionRecorded in the same transaction: the owner's
 * first-conversion mail (notifications) is queued exactly when the sale commits.
 */
async function recordSale(r: RecordConversion): Promise<Recorded> {
  const click = await attributedClick(r.db, r);
  const earlier = await findConversionByTxid(r.db, r.profileId, r.input.txid);
  if (earlier) return { statusCode: 200, answer: { status: 'duplicate', conversion_id: earlier.id } };
  if (!click && !(await r.limits.unattributed(r.profileId))) throw new TooMany(TOO_MANY_UNATTRIBUTED);
  const id = newId();
  const at = r.now.toISOString();
  const inserted = await withEvents(r, async (unit) => {
    const { trx } = unit;
    const linkId = click?.link_id ?? null;
    const fresh = await insertConversionOnce(trx, {
      id,
      user_id: r.profileId,
      txid: r.input.txid,
      created_at: at,
      via: r.via,
      click_id: r.input.clickId,
      click_at: click?.created_at ?? null,
      link_id: linkId,
      source: click?.source ?? null,
      attributed: click ? 1 : 0,
      amount_minor: r.minor,
      currency: r.currency,
      refunded_at: null,
    });
    if (!fresh) return false;
    const firstOfLink = linkId !== null && !(await linkConvertedBefore(trx, linkId, id));
    await unit.conversionRecorded({
      ...eventBase(r, id, at),
      status: 'approved',
      linkId,
      attributed: click !== undefined,
      amountMinor: r.minor,
      firstOfLink,
    });
    return true;
  });
  if (!inserted) {
    const winner = await findConversionByTxid(r.db, r.profileId, r.input.txid);
    return { statusCode: 200, answer: { status: 'duplicate', conversion_id: winner?.id ?? id } };
  }
  return click
    ? { statusCode: 201, answer: { status: 'recorded', conversion_id: id } }
    : { statusCode: 202, answer: { status: 'unattributed', conversion_id: id } };
}

const eventBase = (r: RecordConversion, conversionId: string, at: string) => ({
  profileId: r.profileId,
  conversionId,
  txid: r.input.txid,
  via: r.via,
  currency: r.currency,
  at,
});

/** A refund reverses its sale once; a second refund is a duplicate; a refund without its sale is refused (the network retries). */
async function recordRefund(r: RecordConversion): Promise<Recorded> {
  const at = r.now.toISOString();
  const { changed, sale } = await withEvents(r, async (unit) => {
    const changed = await refundConversionOnce(unit.trx, { userId: r.profileId, txid: r.input.txid, at });
    const sale = await findConversionByTxid(unit.trx, r.profileId, r.input.txid);
    if (changed && sale) {
      const event: ConversionRecorded = {
        ...eventBase(r, sale.id, at),
        status: 'refunded',
        via: sale.via,
        currency: sale.currency,
        linkId: sale.link_id,
        attributed: Number(sale.attributed) !== 0,
        amountMinor: Number(sale.amount_minor),
        firstOfLink: false,
      };
      await unit.conversionRecorded(event);
    }
    return { changed, sale };
  });
  if (!sale) throw new NotFound(NO_SUCH_SALE);
  return { statusCode: 200, answer: { status: changed ? 'refunded' : 'duplicate', conversion_id: sale.id } };
}

export function recordConversion(r: RecordConversion): Promise<Recorded> {
  return r.input.status === 'refunded' ? recordRefund(r) : recordSale(r);
}
