import { Type, type Static } from '@sinclair/typebox';
import { Id, MAX_NAME, MAX_URL, Nullable, strict } from './common';

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

export const UserIdQuery = Type.Object({ user_id: Id });
export type UserIdQuery = Static<typeof UserIdQuery>;

/** The URL rule of spec §5 is checked by the server's link service, which also normalises 'www.'. */
export const AddLinkBody = Type.Object(
  {
    link: Type.String({ minLength: 1, maxLength: MAX_URL }),
    max_clicks: Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
    name: Type.Optional(Type.String({ maxLength: MAX_NAME })),
    user_id: Id,
  },
  strict,
);
export type AddLinkBody = Static<typeof AddLinkBody>;
export const AddLinkOk = Type.Object({ message: Type.String(), link: Link });
export type AddLinkOk = Static<typeof AddLinkOk>;

export const LinkActionBody = Type.Object({ link_id: Id, user_id: Id }, strict);
export type LinkActionBody = Static<typeof LinkActionBody>;

export const IncrementClicksBody = Type.Object({ link_id: Id }, strict);
export type IncrementClicksBody = Static<typeof IncrementClicksBody>;
export const IncrementClicksOk = Type.Object({ message: Type.String(), link: Link });
export type IncrementClicksOk = Static<typeof IncrementClicksOk>;

export const UserLinksOk = Type.Object({ links: Type.Array(Link) });
export type UserLinksOk = Static<typeof UserLinksOk>;
