import { Type, type Static } from '@sinclair/typebox';
import { strict } from './common';

/**
 * Issue 33: the admin's two-factor sign-in (TOTP). A password that is right answers a
 * `challenge` instead of the token when the admin has two-factor sign-in on; the code step
 * trades it, with a 6-digit code or one of the ten recovery codes, for the token.
 */
export const AdminLoginChallenge = Type.Object({
  twoFactorRequired: Type.Literal(true),
  /** Short-lived (5 minutes), good for the code step only. */
  challenge: Type.String(),
});
export type AdminLoginChallenge = Static<typeof AdminLoginChallenge>;

/** A 6-digit code, or a recovery code (ten letters and digits, a dash allowed in the middle). */
export const TwoFactorCode = Type.String({ minLength: 6, maxLength: 11, pattern: '^([0-9]{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$' });

export const AdminLoginCodeBody = Type.Object({ challenge: Type.String({ minLength: 1, maxLength: 2000 }), code: TwoFactorCode }, strict);
export type AdminLoginCodeBody = Static<typeof AdminLoginCodeBody>;

export const TwoFactorState = Type.Object({
  enabled: Type.Boolean(),
  /** ADMIN_2FA_REQUIRED=1: the console refuses every other call until it is on. */
  required: Type.Boolean(),
  recoveryCodesLeft: Type.Integer({ minimum: 0 }),
});
export type TwoFactorState = Static<typeof TwoFactorState>;

export const TwoFactorSetup = Type.Object({
  /** Base32, for typing into an app that cannot scan. */
  secret: Type.String(),
  otpauthUrl: Type.String(),
  /** The otpauth URL as a QR code (an SVG data URL). */
  qr: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

export const EnableTwoFactorBody = Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }, strict);
export type EnableTwoFactorBody = Static<typeof EnableTwoFactorBody>;

/** Turning it off proves the second factor once more: a current code or an unused recovery code. */
export const DisableTwoFactorBody = Type.Object({ code: TwoFactorCode }, strict);
export type DisableTwoFactorBody = Static<typeof DisableTwoFactorBody>;

export const EnableTwoFactorOk = Type.Object({
  message: Type.String(),
  /** Shown once: only their hashes are kept. */
  recoveryCodes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }),
});
export type EnableTwoFactorOk = Static<typeof EnableTwoFactorOk>;
