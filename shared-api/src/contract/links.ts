import { Type, type Static } from '@sinclair/typebox';
import { Id, MAX_CLICKS, MAX_NAME, MAX_URL, Nullable, strict } from './common';

/** Spec §3 Link. max_clicks null = unlimited (shown as ∞). */
export const Link = Type.Object({
  id: Id,
  name: Type.String(),
  link: Type.String(),
  clicks: Type.Integer({ minimum: 0 }),
  max_clicks: Nullable(Type.Integer({ minimum: 1 })),
});
export type Link = Static<typeof Link>;

export const LinkLists = Type.Object({ pending: Type.Array(Link), completed: Type.Array(Link) });
export type LinkLists = Static<typeof LinkLists>;

/**
 * A link as its owner sees it (GET /api/links/userliks, issue 14): `clicks` are the counted clicks
 * that burn the cap (a reset puts them back to 0); `counted_clicks` and `all_clicks` (bots and
 * repeats too) are the link's lifetime totals — only in the answer to the owner's own token (the
 * call is public, and a link's bot and repeat totals are the owner's business, like its stats).
 */
export const MemberLink = Type.Composite([
  Link,
  Type.Object({
    counted_clicks: Type.Optional(Type.Integer({ minimum: 0 })),
    all_clicks: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Issue 30: the query parameter the click id is appended as (null: none); the owner's only. */
    click_param: Type.Optional(Nullable(Type.String())),
  }),
]);
export type MemberLink = Static<typeof MemberLink>;
/** What the last health check of a link's destination saw (issue 16). */
export const LinkCheck = Type.Object({
  /** ISO 8601 UTC. */
  checked_at: Type.String(),
  ok: Type.Boolean(),
  /** In words: 'HTTP 200', 'HTTP 404', 'No answer within 5 s', 'Refused: the address is private (10.0.0.1)'. */
  result: Type.String(),
});
export type LinkCheck = Static<typeof LinkCheck>;

/**
 * A paused link (issue 16): neither pending nor completed; the queue, the visitor page and the
 * rotator skip it. `paused_by` 'owner' (pauseLink) or 'health-check' (3 failed checks in a row).
 */
export const PausedLink = Type.Composite([
  MemberLink,
  Type.Object({
    paused_at: Type.String(),
    paused_by: Type.Union([Type.Literal('owner'), Type.Literal('health-check')]),
    /** Why, in words ('Paused by you', 'The destination failed 3 checks in a row: HTTP 404'). */
    pause_reason: Type.String(),
    last_check: Nullable(LinkCheck),
  }),
]);
export type PausedLink = Static<typeof PausedLink>;

/**
 * The owner's lists. `paused` is filled only for a request with the owner's token (the call
 * itself is public, spec §7). A pending link's check is answered by checkLink ("Check now").
 */
export const MemberLinkLists = Type.Object({
  pending: Type.Array(MemberLink),
  completed: Type.Array(MemberLink),
  paused: Type.Array(PausedLink),
});
export type MemberLinkLists = Static<typeof MemberLinkLists>;

/** POST /api/links/pauseLink (issue 16): `paused` true pauses, false resumes (owner only). */
export const PauseLinkBody = Type.Object({ link_id: Id, user_id: Id, paused: Type.Boolean() }, strict);
export type PauseLinkBody = Static<typeof PauseLinkBody>;
export const PauseLinkOk = Type.Object({ message: Type.String(), lists: MemberLinkLists });
export type PauseLinkOk = Static<typeof PauseLinkOk>;

/** POST /api/links/checkLink (issue 16): checks one link's destination now ("Check now"). */
export const CheckLinkOk = Type.Object({ message: Type.String(), check: LinkCheck, lists: MemberLinkLists });
export type CheckLinkOk = Static<typeof CheckLinkOk>;

export const UserIdQuery = Type.Object({ user_id: Id });
export type UserIdQuery = Static<typeof UserIdQuery>;

const LinkUrl = Type.String({ minLength: 1, maxLength: MAX_URL });
/** A whole number of clicks ≥ 1, or null for unlimited (∞). */
const MaxClicks = Nullable(Type.Integer({ minimum: 1, maximum: MAX_CLICKS }));
/**
 * Issue 30: the query parameter to append the click id as (rules/click-param.ts, checked by the
 * server with its own message); null or '' for none. The length bound here only keeps junk out.
 */
const ClickParam = Type.Optional(Nullable(Type.String({ maxLength: 200 })));

/** The URL rule of spec §5 is checked by the server's link service, which also normalises 'www.'. */
export const AddLinkBody = Type.Object(
  {
    link: LinkUrl,
    max_clicks: MaxClicks,
    name: Type.Optional(Type.String({ maxLength: MAX_NAME })),
    user_id: Id,
    click_param: ClickParam,
  },
  strict,
);
export type AddLinkBody = Static<typeof AddLinkBody>;
export const AddLinkOk = Type.Object({ message: Type.String(), link: Link });
export type AddLinkOk = Static<typeof AddLinkOk>;

/**
 * POST /api/links/updateLink (issue 13): any of name, link (URL rule as linkadd), max_clicks (null =
 * unlimited). A cap at or below the link's clicks completes it at once; the clicks stay as counted.
 */
export const UpdateLinkBody = Type.Object(
  {
    link_id: Id,
    user_id: Id,
    name: Type.Optional(Type.String({ maxLength: MAX_NAME })),
    link: Type.Optional(LinkUrl),
    max_clicks: Type.Optional(MaxClicks),
    click_param: ClickParam,
  },
  strict,
);
export type UpdateLinkBody = Static<typeof UpdateLinkBody>;
export const UpdateLinkOk = Type.Object({ message: Type.String(), link: Link });
export type UpdateLinkOk = Static<typeof UpdateLinkOk>;

/** POST /api/links/reorder: the profile's pending links, every one exactly once, in the new queue order. */
export const ReorderLinksBody = Type.Object({ user_id: Id, link_ids: Type.Array(Id, { maxItems: 100 }) }, strict);
export type ReorderLinksBody = Static<typeof ReorderLinksBody>;
/** The profile's lists after the new order, so the page shows what the server now holds. */
/** The owner's lists in the new order (with the lifetime totals of issue 14, like GET /api/links/userliks). */
export const ReorderLinksOk = Type.Object({
  message: Type.String(),
  pending: Type.Array(MemberLink),
  completed: Type.Array(MemberLink),
  paused: Type.Array(PausedLink),
});
export type ReorderLinksOk = Static<typeof ReorderLinksOk>;

export const LinkActionBody = Type.Object({ link_id: Id, user_id: Id }, strict);
export type LinkActionBody = Static<typeof LinkActionBody>;

/**
 * `referrer` (issue 14, optional): the visitor page's own `document.referrer`, so the click event
 * keeps where the visitor came from (the request's Referer is the page itself). Only its host is stored.
 */
export const IncrementClicksBody = Type.Object({ link_id: Id, referrer: Type.Optional(Type.String({ maxLength: MAX_URL })) }, strict);
export type IncrementClicksBody = Static<typeof IncrementClicksBody>;
/**
 * `counted` (issue 14): false when the click did not count (a bot, a preview, a repeat): the
 * visitor page shows its message as information, not as a success. Optional: an API from before
 * it did not send it, and remotes deploy on their own schedule.
 */
/**
 * `destination` (issue 30): where the visitor page opens the link — its URL with the macros
 * ({click_id}, {link_id}, {profile_id}, {source}) replaced and the click id appended as the
 * link's `click_param`. Optional like `counted`: without it the page opens `link.link`.
 */
export const IncrementClicksOk = Type.Object({
  message: Type.String(),
  counted: Type.Optional(Type.Boolean()),
  link: Link,
  destination: Type.Optional(Type.String()),
});
export type IncrementClicksOk = Static<typeof IncrementClicksOk>;

export const UserLinksOk = Type.Object({ links: Type.Array(Link) });
export type UserLinksOk = Static<typeof UserLinksOk>;
