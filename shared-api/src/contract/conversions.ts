import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, strict } from './common';

/**
 * Conversions (issue 30): what each click earned. A click id travels to the offer (link URL
 * macros or an appended parameter), the network calls the postback when someone buys, the Stats
 * page shows conversions, revenue, conversion rate and EPC. Money on the wire is decimal text in
 * the currency's minor-unit digits ('12.50' USD, '300' JPY): exact, never a float.
 */

/* The link macros and the click-id parameter's rule: rules/click-param.ts (the server and the link form share it). */

export const MIN_ATTRIBUTION_DAYS = 1;
/** Raw click events are kept 90 days (CLICK_EVENTS_RETENTION_DAYS): a click must still be there to attribute. */
export const MAX_ATTRIBUTION_DAYS = 90;
export const DEFAULT_ATTRIBUTION_DAYS = 30;

/** The postback's signature header: `sha256=<hex HMAC-SHA256(key, signed text)>`. */
export const POSTBACK_SIGNATURE_HEADER = 'x-rotalink-signature';

/** GET /api/conversions/settings: a profile's postback key and conversion settings (owner only). */
export const ConversionSettings = Type.Object({
  user_id: Id,
  /** The postback URL to give a network, with its placeholders for the network's own macros. */
  postback_url: Type.String(),
  /** The pixel for a thank-you page the member controls. */
  pixel_url: Type.String(),
  postback_key: Type.String(),
  key_created_at: Type.String(),
  currency: Type.String(),
  attribution_days: Type.Integer({ minimum: MIN_ATTRIBUTION_DAYS, maximum: MAX_ATTRIBUTION_DAYS }),
  notify_first_conversion: Type.Boolean(),
  /** Every ISO 4217 code the server accepts. */
  currencies: Type.Array(Type.String()),
});
export type ConversionSettings = Static<typeof ConversionSettings>;

/** PUT /api/conversions/settings: only the fields sent change. */
export const UpdateConversionSettingsBody = Type.Object(
  {
    user_id: Id,
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    attribution_days: Type.Optional(Type.Integer({ minimum: MIN_ATTRIBUTION_DAYS, maximum: MAX_ATTRIBUTION_DAYS })),
    notify_first_conversion: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type UpdateConversionSettingsBody = Static<typeof UpdateConversionSettingsBody>;

/** POST /api/conversions/rotate-key: a new postback key; the old one stops working at once. */
export const RotatePostbackKeyBody = Type.Object({ user_id: Id }, strict);
export type RotatePostbackKeyBody = Static<typeof RotatePostbackKeyBody>;

/**
 * The postback's answer. 201 'recorded' (attributed), 202 'unattributed' (unknown or too old a
 * click: kept, counted to no link), 200 'duplicate' (this txid was recorded before: nothing
 * doubled), 200 'refunded' (the sale of this txid no longer counts).
 */
export const POSTBACK_STATUSES = ['recorded', 'unattributed', 'duplicate', 'refunded'] as const;
export const PostbackOk = Type.Object({
  status: Type.Union(POSTBACK_STATUSES.map((s) => Type.Literal(s))),
  conversion_id: Type.String(),
});
export type PostbackOk = Static<typeof PostbackOk>;

/** One conversion as its owner sees it (the recent list). */
export const ConversionItem = Type.Object({
  id: Type.String(),
  created_at: Type.String(),
  txid: Type.String(),
  via: Type.Union([Type.Literal('postback'), Type.Literal('pixel'), Type.Literal('api')]),
  amount: Type.String(),
  currency: Type.String(),
  status: Type.Union([Type.Literal('approved'), Type.Literal('refunded')]),
  attributed: Type.Boolean(),
  click_id: Nullable(Type.String()),
  link_id: Nullable(Type.String()),
  link_name: Nullable(Type.String()),
});
export type ConversionItem = Static<typeof ConversionItem>;

export const RecentConversionsQuery = Type.Object({ user_id: Id }, strict);
export type RecentConversionsQuery = Static<typeof RecentConversionsQuery>;
/** GET /api/conversions/recent: the latest RECENT_CONVERSIONS conversions, newest first. */
export const RECENT_CONVERSIONS = 50;
export const RecentConversions = Type.Object({ user_id: Id, conversions: Type.Array(ConversionItem) });
export type RecentConversions = Static<typeof RecentConversions>;
