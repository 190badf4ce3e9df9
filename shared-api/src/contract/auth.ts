import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, MAX_PASSWORD, Name, Nullable, Password, Phone, Text, strict, MAX_EMAIL } from './common';

export const SubscriptionStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);
export const SubscriptionType = Type.Union([Type.Literal('monthly'), Type.Literal('yearly')]);
export type SubscriptionStatus = Static<typeof SubscriptionStatus>;
export type SubscriptionType = Static<typeof SubscriptionType>;
/**
 * What kind of account a User is: a member, or a sub-profile signed in on its own (its plan is
 * its member's, and it cannot manage sub-profiles or subscribe). Additive to spec §3.
 */
export const AccountKind = Type.Union([Type.Literal('member'), Type.Literal('sub-profile')]);
export type AccountKind = Static<typeof AccountKind>;

/** Spec §3 User (+ `account`). Dates are ISO 8601 (UTC); package_price in dollars (144.56). */
export const User = Type.Object({
  user_id: Id,
  account: AccountKind,
  email: Nullable(Type.String()),
  first_name: Type.String(),
  last_name: Type.String(),
  subscription_status: SubscriptionStatus,
  subscription_type: Nullable(SubscriptionType),
  package_price: Nullable(Type.Number()),
  package_joined_date: Nullable(Type.String()),
  package_expiry_date: Nullable(Type.String()),
  title: Type.String(),
  slogan: Type.String(),
  about: Type.String(),
});
export type User = Static<typeof User>;

/** Spec §3 Sub-profile; the password is never returned. */
export const SubProfile = Type.Object({
  user_id: Id,
  first_name: Type.String(),
  last_name: Type.String(),
  email: Nullable(Type.String()),
  phone: Type.String(),
  title: Type.String(),
  slogan: Type.String(),
  about: Type.String(),
});
export type SubProfile = Static<typeof SubProfile>;

export const LoginBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: MAX_EMAIL }), password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD }) },
  strict,
);
export type LoginBody = Static<typeof LoginBody>;
export const LoginOk = Type.Object({ status: Type.Literal('SUCCESS'), token: Type.String(), message: Type.String() });
export type LoginOk = Static<typeof LoginOk>;

export const SignupBody = Type.Object({ firstName: Name, lastName: Name, email: Email, password: Password }, strict);
export type SignupBody = Static<typeof SignupBody>;

export const ForgotPasswordBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: MAX_EMAIL }) }, strict);
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password }, strict);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** GET aboutProfile and GET public/publicProfile. */
export const AboutProfile = Type.Object({
  title: Type.String(),
  slogan: Type.String(),
  about: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
});
export type AboutProfile = Static<typeof AboutProfile>;

export const UpdateProfileBody = Type.Object(
  { first_name: Name, last_name: Name, title: Type.Optional(Text), slogan: Type.Optional(Text), about: Type.Optional(Text) },
  strict,
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

/** Optional email: the form sends '' when left empty. */
const OptionalEmail = Type.Optional(Type.Union([Type.Literal(''), Email]));
/** Optional password: '' or absent means "no login for this sub-profile" / "unchanged". */
const OptionalPassword = Type.Optional(Type.Union([Type.Literal(''), Password]));

export const CreateSubProfileBody = Type.Object(
  { firstName: Name, lastName: Name, email: OptionalEmail, phone: Phone, password: OptionalPassword },
  strict,
);
export type CreateSubProfileBody = Static<typeof CreateSubProfileBody>;
export const CreateSubProfileOk = Type.Object({ status: Type.Literal('SUCCESS'), message: Type.String(), user_id: Id });
export type CreateSubProfileOk = Static<typeof CreateSubProfileOk>;

/**
 * GET sub-profiles, paged when asked (issue 11): `page` from 1, `pageSize` 1–50 (default 50).
 * Query values are text; without them the answer is the whole list (at most 50, the cap).
 */
export const SubProfilesQuery = Type.Object(
  {
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
    pageSize: Type.Optional(Type.String({ pattern: '^([1-9]|[1-4][0-9]|50)$' })),
  },
  strict,
);
export type SubProfilesQuery = Static<typeof SubProfilesQuery>;

/** `page`, `pageSize` and `total` (all of the member's sub-profiles) only when a page was asked for. */
export const SubProfilesOk = Type.Object({
  subProfiles: Type.Array(SubProfile),
  page: Type.Optional(Type.Integer()),
  pageSize: Type.Optional(Type.Integer()),
  total: Type.Optional(Type.Integer()),
});
export type SubProfilesOk = Static<typeof SubProfilesOk>;

export const UserIdParams = Type.Object({ userId: Id });
export type UserIdParams = Static<typeof UserIdParams>;

export const GetSubProfileOk = Type.Object({ status: Type.Literal('SUCCESS'), subProfiles: Type.Array(SubProfile) });
export type GetSubProfileOk = Static<typeof GetSubProfileOk>;

export const UpdateSubProfileBody = Type.Object(
  {
    userId: Id,
    first_name: Name,
    last_name: Name,
    email: OptionalEmail,
    phone: Phone,
    title: Type.Optional(Text),
    slogan: Type.Optional(Text),
    about: Type.Optional(Text),
    password: OptionalPassword,
  },
  strict,
);
export type UpdateSubProfileBody = Static<typeof UpdateSubProfileBody>;

/** POST /api/auth/deletesubprofile (issue 13): a member deletes one of its sub-profiles, with its links. */
export const DeleteSubProfileBody = Type.Object({ userId: Id }, strict);
export type DeleteSubProfileBody = Static<typeof DeleteSubProfileBody>;

/**
 * POST /api/auth/change-password (issue 13): the current password proves it is the account's
 * owner. Every other session ends; the answer carries a fresh token for this one.
 */
export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: MAX_PASSWORD }), newPassword: Password },
  strict,
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
export const ChangePasswordOk = Type.Object({ status: Type.Literal('SUCCESS'), message: Type.String(), token: Type.String() });
export type ChangePasswordOk = Static<typeof ChangePasswordOk>;

/**
 * POST /api/auth/change-email (issue 13): mails a confirmation link to the new address; the
 * email changes only when that link is opened (POST /api/auth/confirm-email).
 */
export const ChangeEmailBody = Type.Object(
  { newEmail: Email, currentPassword: Type.String({ minLength: 1, maxLength: MAX_PASSWORD }) },
  strict,
);
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

/** The token from the confirmation link; no sign-in needed (the link may be opened on another device). */
export const ConfirmEmailBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, strict);
export type ConfirmEmailBody = Static<typeof ConfirmEmailBody>;
