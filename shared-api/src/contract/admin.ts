import { Type, type Static } from '@sinclair/typebox';
import { Id, MAX_EMAIL, MAX_NAME, MAX_PASSWORD, MAX_PRICE, Nullable, strict } from './common';
import { SubProfile, SubscriptionStatus, SubscriptionType, User } from './auth';
import { Link } from './links';
import { ADMIN_LIST } from '../rules/limits';

export const AdminLoginBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: MAX_NAME }), password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD }) },
  strict,
);
export type AdminLoginBody = Static<typeof AdminLoginBody>;
export const AdminLoginOk = Type.Object({ Isadmin: Type.Literal('Isadmin'), token: Type.String() });
export type AdminLoginOk = Static<typeof AdminLoginOk>;

/** A member as the admin sees them: the spec's User plus a count and the sign-up time. */
export const AdminUser = Type.Composite([
  User,
  Type.Object({ sub_profile_count: Type.Integer({ minimum: 0 }), created_at: Type.String() }),
]);
export type AdminUser = Static<typeof AdminUser>;

/**
 * GET allusers (issue 12). Without parameters: the spec's array, bounded to the newest
 * `ADMIN_LIST.unpagedMax` members (never the whole table). With any of `page` (from 1), `pageSize`
 * (1–100, default 50) or `q` (part of an email, case-insensitive, spec §9): one page and the total.
 * Query values are text.
 */
export const AllUsersQuery = Type.Object(
  {
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
    pageSize: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
    q: Type.Optional(Type.String({ maxLength: MAX_EMAIL })),
  },
  strict,
);
export type AllUsersQuery = Static<typeof AllUsersQuery>;
/** The answer without parameters: the spec's array (newest first, at most 1,000). */
export const AllUsersList = Type.Array(AdminUser, { maxItems: ADMIN_LIST.unpagedMax });
export type AllUsersList = Static<typeof AllUsersList>;
/** The answer with `page`, `pageSize` or `q`: `total` counts every member the search keeps. */
export const AllUsersPage = Type.Object({
  users: Type.Array(AdminUser, { maxItems: ADMIN_LIST.maxPageSize }),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: ADMIN_LIST.maxPageSize }),
});
export type AllUsersPage = Static<typeof AllUsersPage>;
export const AllUsersOk = Type.Union([AllUsersList, AllUsersPage]);
export type AllUsersOk = Static<typeof AllUsersOk>;

/**
 * GET users/:userId (issue 12): one user as /user-details shows them — the membership, the links
 * (queue order) and the sub-profiles (at most 50, PLAN) — so the page loads without any list.
 */
/** The member a sub-profile belongs to, so the admin can go there (its plan is the member's). */
export const OwningMember = Type.Object({ user_id: Id, email: Type.String(), first_name: Type.String(), last_name: Type.String() });
export type OwningMember = Static<typeof OwningMember>;
/** `member`: for a sub-profile, its member; null for a member. Optional: an older API did not send it. */
export const AdminUserDetails = Type.Object({
  user: AdminUser,
  /** In the rotation (pending or completed); paused links are in `paused` (issue 16). */
  links: Type.Array(Link),
  /** Links paused by the member or the health check: visitors never get them. */
  paused: Type.Optional(Type.Array(Link)),
  subProfiles: Type.Array(SubProfile),
  member: Type.Optional(Nullable(OwningMember)),
});
export type AdminUserDetails = Static<typeof AdminUserDetails>;

export const UserDeleteBody = Type.Object({ user_id: Id }, strict);
export type UserDeleteBody = Static<typeof UserDeleteBody>;

/** Dates: 'YYYY-MM-DD HH:mm:ss' (spec §7, taken as UTC) or ISO 8601; null clears. */
export const AdminDate = Type.String({ maxLength: 40 });
export const UpdateUserBody = Type.Object(
  {
    package_price: Nullable(Type.Number({ minimum: 0, maximum: MAX_PRICE })),
    package_joined_date: Nullable(AdminDate),
    package_expiry_date: Nullable(AdminDate),
    subscription_status: SubscriptionStatus,
    subscription_type: SubscriptionType,
  },
  strict,
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;
export const UpdateUserOk = Type.Object({ message: Type.String(), user: AdminUser });
export type UpdateUserOk = Static<typeof UpdateUserOk>;
