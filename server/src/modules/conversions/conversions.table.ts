import type { Insertable, Selectable } from 'kysely';

/** How a conversion reached us: a network's server-to-server call, the thank-you page's pixel, or an API key (/api/v1, issue 31). */
export type ConversionViaValue = 'postback' | 'pixel' | 'api';

/** conversion_settings (issue 30): one row per profile that has a postback key. */
export interface ConversionSettingsTable {
  user_id: string;
  /** 32 random bytes, base64url. Kept as is: an HMAC signature is checked with the key itself. */
  postback_key: string;
  /** ISO 4217: a postback without `currency` is in this one; Stats show revenue in it. */
  currency: string;
  /** A conversion whose click is older than this many days is unattributed. */
  attribution_days: number;
  /** 1: mail the owner when a link converts for the first time. */
  notify_first_conversion: number;
  key_created_at: string;
}
export type ConversionSettingsRow = Selectable<ConversionSettingsTable>;

/** conversions (issue 30): one row per sale; unique per (user_id, txid). */
export interface ConversionsTable {
  id: string;
  user_id: string;
  txid: string;
  /** When the sale reached us (ISO UTC): the time Stats count it at. */
  created_at: string;
  via: ConversionViaValue;
  /** As the network sent it (checked format); null: the pixel or postback gave none. */
  click_id: string | null;
  /** The click's time, when the click was found. */
  click_at: string | null;
  /** The link clicked, when attributed (and the click went to a link). */
  link_id: string | null;
  source: 'page' | 'rotator' | null;
  /** 1: within the window, counted to its click; 0: unknown or too old a click. */
  attributed: number;
  /** In minor units of `currency`. */
  amount_minor: number | string;
  currency: string;
  /** Set once by a refund: the sale no longer counts. */
  refunded_at: string | null;
}
export type ConversionRow = Selectable<ConversionsTable>;
export type NewConversionRow = Insertable<ConversionsTable>;
