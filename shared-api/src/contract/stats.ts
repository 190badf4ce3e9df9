import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, strict } from './common';
import { CLICK_SOURCES, DEVICE_CLASSES } from './rotator';
import { STATS_INTERVALS } from '../rules/stats';

/**
 * Click analytics (issue 15). Every read is answered from roll-ups kept per link and 15-minute
 * slot (decision 0064), never from raw events, so the range actually covered is `from`/`to`
 * widened to that grid (and, for a series, to whole buckets in `tz`); the answer says which.
 * Owner of the profile (or its parent member) or the admin; another member → 403 'forbidden'.
 */

/** An instant: ISO 8601 with a zone ('2026-10-25T00:00:00Z', '2026-10-25T02:00:00+02:00'). Checked by the server. */
const Instant = Type.String({ minLength: 1, maxLength: 40, description: 'ISO 8601 date-time with Z or an offset' });

/** GET /api/stats/summary and /api/stats/clicks.csv: a profile and a range [from, to). */
export const StatsRangeQuery = Type.Object({ user_id: Id, from: Instant, to: Instant }, strict);
export type StatsRangeQuery = Static<typeof StatsRangeQuery>;

export const StatsInterval = Type.Union(STATS_INTERVALS.map((i) => Type.Literal(i)));
export type StatsInterval = Static<typeof StatsInterval>;
/**
 * GET /api/stats/series. `tz`: an IANA zone ('Europe/Berlin'), default 'UTC', so a day bucket is
 * the member's day (23 or 25 hours across a DST change). `link_id`: one link of the profile only.
 * An hourly series over more than MAX_HOURLY_RANGE_DAYS is refused (400 'invalid').
 */
export const StatsSeriesQuery = Type.Object(
  {
    user_id: Id,
    from: Instant,
    to: Instant,
    interval: StatsInterval,
    tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    link_id: Type.Optional(Id),
  },
  strict,
);
export type StatsSeriesQuery = Static<typeof StatsSeriesQuery>;

const Count = Type.Integer({ minimum: 0 });

/** Clicks by verdict; `all` = counted + repeat + bot. */
export const VerdictCounts = Type.Object({ counted: Count, repeat: Count, bot: Count, all: Count });
export type VerdictCounts = Static<typeof VerdictCounts>;

/**
 * `unique_visitors`: distinct visitors among the clicks that were not bots, per UTC day, summed
 * over the range (the visitor hash's key changes every UTC day on purpose, so nobody — us
 * included — can link a visitor across days; decision 0065).
 */
export const StatsTotals = Type.Composite([
  VerdictCounts,
  Type.Object({
    unique_visitors: Count,
    /**
     * Issue 29, in the summary: rotator visits (not bots, not repeats) that found no pending link and
     * went to the finish page or the backup URL. They are not in `counted` (which reached a link)
     * but are in `all`, so there `all` = counted + no_link + repeat + bot. Absent: 0 (older servers).
     */
    no_link: Type.Optional(Count),
  }),
]);
export type StatsTotals = Static<typeof StatsTotals>;

/** One link's clicks in the range. name/link null: the link was deleted, or (link_id null) a rotator visit that found no pending link. */
export const StatsLinkRow = Type.Composite([
  Type.Object({ link_id: Nullable(Id), name: Nullable(Type.String()), link: Nullable(Type.String()) }),
  VerdictCounts,
]);
export type StatsLinkRow = Static<typeof StatsLinkRow>;

export const StatsSourceRow = Type.Object({ source: Type.Union(CLICK_SOURCES.map((s) => Type.Literal(s))), all: Count, counted: Count });
export type StatsSourceRow = Static<typeof StatsSourceRow>;
export const StatsDeviceRow = Type.Object({ device: Type.Union(DEVICE_CLASSES.map((d) => Type.Literal(d))), all: Count, counted: Count });
export type StatsDeviceRow = Static<typeof StatsDeviceRow>;
/** host null: no referrer (typed or bookmarked, mail apps, privacy settings). */
export const StatsReferrerRow = Type.Object({ host: Nullable(Type.String()), all: Count, counted: Count });
export type StatsReferrerRow = Static<typeof StatsReferrerRow>;

/**
 * Issue 30: what the clicks earned. `conversions`: sales not refunded (any currency);
 * `revenue`: their sum in the profile's currency (decimal text, e.g. '12.50'); `conversion_rate`:
 * conversions / counted clicks (0 without clicks); `epc`: revenue / counted clicks, two more
 * decimals than the currency has. A conversion counts in the range it arrived in.
 */
export const ConversionFigures = Type.Object({
  conversions: Count,
  revenue: Type.String(),
  conversion_rate: Type.Number({ minimum: 0 }),
  epc: Type.String(),
});
export type ConversionFigures = Static<typeof ConversionFigures>;

/** Sales in a currency other than the profile's: counted, summed apart (no exchange rates are guessed). */
export const OtherCurrencyRevenue = Type.Object({ currency: Type.String(), conversions: Count, revenue: Type.String() });
export type OtherCurrencyRevenue = Static<typeof OtherCurrencyRevenue>;

/**
 * The summary's conversions. `totals`: the attributed ones; `refunded`: sales reversed by a
 * refund; `unattributed`: conversions whose click was unknown or older than the window (counted
 * to no link, shown to the owner); `links` and `sources`: every one with counted clicks or
 * conversions in the range.
 */
export const StatsConversions = Type.Object({
  currency: Type.String(),
  totals: Type.Composite([
    ConversionFigures,
    Type.Object({
      refunded: Count,
      unattributed: Count,
      unattributed_revenue: Type.String(),
      other_currencies: Type.Array(OtherCurrencyRevenue),
    }),
  ]),
  links: Type.Array(
    Type.Composite([Type.Object({ link_id: Nullable(Id), name: Nullable(Type.String()), counted: Count }), ConversionFigures]),
  ),
  sources: Type.Array(
    Type.Composite([Type.Object({ source: Type.Union(CLICK_SOURCES.map((s) => Type.Literal(s))), counted: Count }), ConversionFigures]),
  ),
});
export type StatsConversions = Static<typeof StatsConversions>;

/**
 * GET /api/stats/summary, 200. `from`/`to`: the range covered (ISO UTC, widened to 15 minutes).
 * `links`: every link with clicks in the range, most clicks first; `sources` and `devices`: every
 * class, zeros included, in the contract's order; `top_referrers`: up to TOP_REFERRERS, most first.
 */
export const StatsSummary = Type.Object({
  user_id: Id,
  from: Type.String(),
  to: Type.String(),
  totals: StatsTotals,
  links: Type.Array(StatsLinkRow),
  sources: Type.Array(StatsSourceRow),
  devices: Type.Array(StatsDeviceRow),
  top_referrers: Type.Array(StatsReferrerRow),
  conversions: StatsConversions,
});
export type StatsSummary = Static<typeof StatsSummary>;

/**
 * One bucket: `start` the instant it begins (ISO UTC), `local` the same instant in `tz` with its
 * offset ('2026-11-01T01:00:00-04:00'), so the twice-lived hour of a DST change has two labels.
 */
export const StatsBucket = Type.Object({
  start: Type.String(),
  local: Type.String(),
  counted: Count,
  repeat: Count,
  bot: Count,
  /** Issue 30: attributed sales not refunded, and their revenue in the series' `currency`. */
  conversions: Count,
  revenue: Type.String(),
});
export type StatsBucket = Static<typeof StatsBucket>;

/** GET /api/stats/series, 200: every bucket from `from` to `to` (whole buckets in `tz`), empty ones as zeros. */
export const StatsSeries = Type.Object({
  user_id: Id,
  link_id: Nullable(Id),
  interval: StatsInterval,
  tz: Type.String(),
  from: Type.String(),
  to: Type.String(),
  /** Issue 30: the profile's currency, that of every bucket's `revenue`. */
  currency: Type.String(),
  buckets: Type.Array(StatsBucket),
});
export type StatsSeries = Static<typeof StatsSeries>;

/**
 * GET /api/stats/clicks.csv, 200: text/csv (UTF-8), streamed, `Content-Disposition: attachment;
 * filename="rotalink-clicks-<user_id>-<from>-<to>.csv"`. Header row, then one row per event, oldest
 * first: time (ISO UTC), link name, link URL, source, verdict, device, referrer host. A cell that
 * starts with = + - @ (or tab/CR) is prefixed with ' so a spreadsheet shows it as text.
 * Raw events are kept CLICK_EVENTS_RETENTION_DAYS (default 90): older rows are no longer listed.
 */
export const ClicksCsv = Type.String({ description: 'text/csv' });
/**
 * Issue 30: GET /api/stats/conversions.csv, the same range, file name and cell rules as the clicks
 * CSV (`rotalink-conversions-…`): one row per conversion that arrived in the range, oldest first.
 */
export const CONVERSIONS_CSV_COLUMNS = [
  'time',
  'txid',
  'status',
  'amount',
  'currency',
  'attributed',
  'click_id',
  'click_time',
  'link_name',
  'link_url',
  'source',
  'via',
] as const;
export const CLICKS_CSV_COLUMNS = ['time', 'link_name', 'link_url', 'source', 'verdict', 'device', 'referrer_host'] as const;

/**
 * GET /api/stats/profiles: the clicks of a member's profiles in one call (the dashboard's live
 * counts). A member reads its own profile and every sub-profile (a sub-profile signed in on its
 * own: itself); `user_id` reads that profile and its sub-profiles instead — the admin must give
 * it, a member may give its own or one of its sub-profiles (another member's → 403 'forbidden').
 */
export const StatsProfilesQuery = Type.Object(
  {
    from: Instant,
    to: Instant,
    user_id: Type.Optional(Id),
    /**
     * Issue 30: `revenue` covers [revenue_from, to) instead of [from, to) — the dashboard asks for
     * the last 24 hours of clicks and today's revenue (since local midnight) in its one poll.
     */
    revenue_from: Type.Optional(Instant),
  },
  strict,
);
export type StatsProfilesQuery = Static<typeof StatsProfilesQuery>;

/** One profile's clicks in the range, by verdict. */
export const StatsProfileCounts = Type.Object({ user_id: Id, counted: Count, repeat: Count, bot: Count });
export type StatsProfileCounts = Static<typeof StatsProfileCounts>;

/**
 * GET /api/stats/profiles, 200: `from`/`to` the range covered (ISO UTC, widened to 15 minutes);
 * `profiles`: every profile of the set, zeros included, the member first, then its sub-profiles
 * oldest first.
 */
/** Issue 30: one profile's attributed sales in the range and their revenue in its currency (the dashboard's revenue). */
export const StatsProfileRevenue = Type.Object({ user_id: Id, conversions: Count, revenue: Type.String(), currency: Type.String() });
export type StatsProfileRevenue = Static<typeof StatsProfileRevenue>;
export const StatsProfiles = Type.Object({
  from: Type.String(),
  to: Type.String(),
  profiles: Type.Array(StatsProfileCounts),
  /** Issue 30: the same profiles, in the same order. */
  revenue: Type.Array(StatsProfileRevenue),
});
export type StatsProfiles = Static<typeof StatsProfiles>;

/**
 * GET /api/admin/userstats/:userId (admin): a member's clicks over its own profile and its
 * sub-profiles, for the admin's user details. All time and the last 30 days (from roll-ups).
 */
export const AdminUserStats = Type.Object({
  user_id: Id,
  all_time: StatsTotals,
  last_30_days: StatsTotals,
  /** The member's own profile and each sub-profile, all-time, the member first. */
  profiles: Type.Array(Type.Composite([Type.Object({ user_id: Id, name: Type.String() }), StatsTotals])),
});
export type AdminUserStats = Static<typeof AdminUserStats>;
