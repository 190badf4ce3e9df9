import { Type, type Static } from '@sinclair/typebox';
import { Id, MAX_NAME, MAX_PASSWORD, MAX_PRICE, Nullable, strict } from './common';
import { SubscriptionStatus, SubscriptionType, User } from './auth';

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
export const AllUsersOk = Type.Array(AdminUser);
export type AllUsersOk = Static<typeof AllUsersOk>;

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
