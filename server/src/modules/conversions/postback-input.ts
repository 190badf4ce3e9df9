import { BadRequest } from '../../errors';
import { clickTimeOf } from '../traffic';
import { isCurrency, parseAmount } from './money';

/** The postback's fields, from the query and (POST) the JSON or form body; the body wins. */
export type PostbackFields = Partial<Record<'profile_id' | 'key' | 'click_id' | 'amount' | 'currency' | 'txid' | 'status', unknown>>;

export const PROFILE_ID_REQUIRED = 'profile_id is required.';
export const TXID_INVALID = 'txid is required: 1-128 visible characters.';
export const CLICK_ID_INVALID = 'click_id must be 1-64 letters, digits, - or _.';
export const STATUS_INVALID = "status must be 'approved' or 'refunded'.";
export const CURRENCY_INVALID = 'currency must be an ISO 4217 code such as USD or EUR.';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TXID = /^[\x21-\x7E]{1,128}$/;

const text = (v: unknown): string | undefined => {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return text(v[0]);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
};

export function fieldsOf(query: unknown, body: unknown): PostbackFields {
  const q = query && typeof query === 'object' ? (query as Record<string, unknown>) : {};
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { ...q, ...b } as PostbackFields;
}

/** The profile the call names, checked before anything else (the budget and the key are per profile). */
export function profileIdOf(f: PostbackFields): string {
  const id = text(f.profile_id)?.trim();
  if (!id || !ID.test(id)) throw new BadRequest(PROFILE_ID_REQUIRED);
  return id;
}

export interface ConversionInput {
  clickId: string | null;
  /** The click's time read from its id; undefined: an id we did not mint (unknown click). */
  clickAt: string | undefined;
  txid: string;
  status: 'approved' | 'refunded';
  /** Raw until the currency is known. */
  amount: unknown;
}

/** The fields that do not depend on the profile; txid may be given a default (the pixel). */
export function conversionInputOf(f: PostbackFields, defaultTxid?: (clickId: string | null) => string | undefined): ConversionInput {
  const clickText = text(f.click_id)?.trim();
  if (clickText !== undefined && clickText !== '' && !ID.test(clickText)) throw new BadRequest(CLICK_ID_INVALID);
  const clickId = clickText ? clickText : null;
  const txid = text(f.txid)?.trim() || defaultTxid?.(clickId);
  if (!txid || !TXID.test(txid)) throw new BadRequest(TXID_INVALID);
  const status = (text(f.status) ?? 'approved').trim().toLowerCase();
  if (status !== 'approved' && status !== 'refunded') throw new BadRequest(STATUS_INVALID);
  const amount = typeof f.amount === 'number' ? f.amount : text(f.amount);
  return { clickId, clickAt: clickId ? clickTimeOf(clickId) : undefined, txid, status, amount };
}

/** The currency (sent, else the profile's) and the amount in its minor units; 400 with a message otherwise. */
export function moneyOf(f: PostbackFields, amount: unknown, profileCurrency: string): { currency: string; minor: number } {
  const sent = text(f.currency)?.trim().toUpperCase();
  const currency = sent || profileCurrency;
  if (!isCurrency(currency)) throw new BadRequest(CURRENCY_INVALID);
  if (amount === undefined || amount === '') return { currency, minor: 0 };
  const checked = parseAmount(amount, currency);
  if (!checked.ok) throw new BadRequest(checked.message);
  return { currency, minor: checked.minor };
}
