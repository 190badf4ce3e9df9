import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, strict } from './common';
import { AddLinkBody, LinkCheck, UpdateLinkBody } from './links';
import { RotatorSettings, UpdateRotatorBody } from './rotator';
import { StatsInterval } from './stats';

/**
 * Issue 31: the shapes of the public REST API (/api/v1), for scripts. Its own shapes rather than
 * the spec's (which name the profile in the body and answer whole lists): one resource per
 * answer, the profile in the path, lists paged by an opaque cursor. The rules behind them are the
 * same services the spec's calls use. `examples` feed the OpenAPI document (/api/v1/openapi.json).
 */

/** The most items one page of a list holds; `limit` defaults to V1_DEFAULT_LIMIT. */
export const V1_MAX_LIMIT = 100;
export const V1_DEFAULT_LIMIT = 50;
/** The longest Idempotency-Key accepted (Stripe's rule: up to 255 characters). */
export const IDEMPOTENCY_KEY_MAX = 255;
/** How long an Idempotency-Key is remembered: a retry within this replays the first answer. */
export const IDEMPOTENCY_KEY_HOURS = 24;

const example = '2026-11-28T08:00:00.000Z';

export const PageQuery = {
  // A query string is text (the API does not coerce types): a whole number 1-100, as the admin list's pageSize.
  limit: Type.Optional(
    Type.String({
      pattern: '^([1-9]|[1-9][0-9]|100)$',
      description: `Items per page, 1-${V1_MAX_LIMIT} (default ${V1_DEFAULT_LIMIT})`,
      examples: ['20'],
    }),
  ),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 512, description: 'The `next_cursor` of the previous page; absent for the first page' }),
  ),
};

const NextCursor = Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last page' }));

/** A path's ids, with an example each for the docs page (the same rule as every id). */
const PathId = (example: string) =>
  Type.String({ minLength: Id.minLength, maxLength: Id.maxLength, pattern: Id.pattern, examples: [example] });
export const ProfileParams = Type.Object({ profileId: PathId('u_9f2c') }, strict);
export type ProfileParams = Static<typeof ProfileParams>;
export const LinkParams = Type.Object({ profileId: PathId('u_9f2c'), linkId: PathId('l_3k9d') }, strict);
export type LinkParams = Static<typeof LinkParams>;

/** A profile of the account: the member itself and its sub-profiles. */
export const V1Profile = Type.Object(
  {
    id: Id,
    name: Type.String(),
    /** null: the member; otherwise the member this sub-profile belongs to. */
    parent_id: Nullable(Id),
    created_at: Type.String(),
  },
  { examples: [{ id: 'u_9f2c', name: 'Ada Lovelace', parent_id: null, created_at: example }] },
);
export type V1Profile = Static<typeof V1Profile>;

export const ProfilesQuery = Type.Object(PageQuery, strict);
export type ProfilesQuery = Static<typeof ProfilesQuery>;
export const ProfilesPage = Type.Object({ data: Type.Array(V1Profile), next_cursor: NextCursor }, { description: 'One page of profiles' });
export type ProfilesPage = Static<typeof ProfilesPage>;

export const LINK_STATUSES = ['pending', 'completed', 'paused'] as const;
export const LinkStatus = Type.Union(LINK_STATUSES.map((s) => Type.Literal(s)));
export type LinkStatus = Static<typeof LinkStatus>;

/**
 * A link as its owner sees it: `clicks` burn the cap (`max_clicks`, null = unlimited), the two
 * totals are lifetime; `position` is its place in the queue; pause fields null unless paused.
 */
export const V1Link = Type.Object(
  {
    id: Id,
    name: Type.String(),
    link: Type.String(),
    status: LinkStatus,
    clicks: Type.Integer({ minimum: 0 }),
    max_clicks: Nullable(Type.Integer({ minimum: 1 })),
    counted_clicks: Type.Integer({ minimum: 0 }),
    all_clicks: Type.Integer({ minimum: 0 }),
    click_param: Nullable(Type.String()),
    position: Type.Integer(),
    created_at: Type.String(),
    paused_at: Nullable(Type.String()),
    paused_by: Nullable(Type.Union([Type.Literal('owner'), Type.Literal('health-check')])),
    pause_reason: Nullable(Type.String()),
    last_check: Nullable(LinkCheck),
  },
  {
    description: 'The link',
    examples: [
      {
        id: 'l_3k9d',
        name: 'Spring offer',
        link: 'https://offer.example.com/spring',
        status: 'pending',
        clicks: 12,
        max_clicks: 100,
        counted_clicks: 12,
        all_clicks: 15,
        click_param: 'subid',
        position: 1,
        created_at: example,
        paused_at: null,
        paused_by: null,
        pause_reason: null,
        last_check: null,
      },
    ],
  },
);
export type V1Link = Static<typeof V1Link>;

export const LinksQuery = Type.Object({ ...PageQuery, status: Type.Optional(LinkStatus) }, strict);
export type LinksQuery = Static<typeof LinksQuery>;
/** In queue order. */
export const LinksPage = Type.Object({ data: Type.Array(V1Link), next_cursor: NextCursor }, { description: 'One page of links' });
export type LinksPage = Static<typeof LinksPage>;

/** The spec bodies' own field schemas (the same URL, cap and click-parameter rules), without the profile and link ids the path carries. */
const { user_id: _profile, ...addFields } = AddLinkBody.properties;
const { user_id: _owner, link_id: _link, ...updateFields } = UpdateLinkBody.properties;

export const CreateLinkBody = Type.Object(
  // A script may leave the cap out: unlimited.
  { ...addFields, max_clicks: Type.Optional(addFields.max_clicks) },
  { ...strict, examples: [{ link: 'https://offer.example.com/spring', max_clicks: 100, name: 'Spring offer' }] },
);
export type CreateLinkBody = Static<typeof CreateLinkBody>;

export const V1UpdateLinkBody = Type.Object(updateFields, { ...strict, examples: [{ max_clicks: 250 }] });
export type V1UpdateLinkBody = Static<typeof V1UpdateLinkBody>;

export const ReorderBody = Type.Object(
  { link_ids: Type.Array(Id, { maxItems: 100, description: 'Every pending link of the profile, exactly once, in the new order' }) },
  { ...strict, examples: [{ link_ids: ['l_3k9d', 'l_1a2b'] }] },
);
export type ReorderBody = Static<typeof ReorderBody>;
/** The pending queue in its new order. */
export const ReorderOk = Type.Object({ data: Type.Array(V1Link) }, { description: 'The pending queue in its new order' });
export type ReorderOk = Static<typeof ReorderOk>;

export const V1RotatorSettings = Type.Object(RotatorSettings.properties, {
  description: 'The rotator link and its settings',
  examples: [
    {
      rotator_url: 'https://api.rotalink.example/r/u_9f2c',
      mode: 'fulfillment',
      on_finish: 'page',
      backup_url: null,
      unique_window_hours: 24,
      filter_bots: true,
      notify_link_completed: true,
      notify_queue_empty: true,
    },
  ],
});

const { user_id: _rotatorOwner, ...rotatorFields } = UpdateRotatorBody.properties;
export const V1UpdateRotatorBody = Type.Object(rotatorFields, {
  ...strict,
  examples: [{ mode: 'round_robin', on_finish: 'backup', backup_url: 'https://backup.example.com' }],
});
export type V1UpdateRotatorBody = Static<typeof V1UpdateRotatorBody>;

const Instant = Type.String({ minLength: 1, maxLength: 40, description: 'ISO 8601 date-time with Z or an offset', examples: [example] });

export const SummaryQuery = Type.Object({ from: Instant, to: Instant }, strict);
export type SummaryQuery = Static<typeof SummaryQuery>;
export const SeriesQuery = Type.Object(
  {
    from: Instant,
    to: Instant,
    interval: StatsInterval,
    tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, examples: ['Europe/Berlin'] })),
    link_id: Type.Optional(Id),
  },
  strict,
);
export type SeriesQuery = Static<typeof SeriesQuery>;

/**
 * A sale recorded by a script, as a network's postback would (the same rules: once per txid,
 * attributed to its click when the click is this profile's and inside the window). `click_id`,
 * when given, must be a click of this profile (404 otherwise).
 */
export const RecordConversionBody = Type.Object(
  {
    txid: Type.String({ minLength: 1, maxLength: 128, description: 'The sale’s own id at the network: recorded once' }),
    click_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    amount: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.String({ maxLength: 32 })])),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    status: Type.Optional(Type.Union([Type.Literal('approved'), Type.Literal('refunded')])),
  },
  { ...strict, examples: [{ txid: 'order-1042', click_id: 'c_01JD…', amount: '19.90', currency: 'USD' }] },
);
export type RecordConversionBody = Static<typeof RecordConversionBody>;

/** 204: nothing to answer. */
export const NoContent = Type.Null({ description: 'Deleted: no content' });
