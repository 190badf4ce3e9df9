import type { AdminLoginOk } from '../contract/admin';
import type { AdminLoginCodeBody, EnableTwoFactorOk, TwoFactorSetup, TwoFactorState } from '../contract/two-factor';
import { twoFactorPaths } from '../paths/two-factor';
import { send } from './send';

/**
 * Issue 33: the admin's two-factor calls. In /live, for the reason the stats calls are (decision
 * 0071): only the admin console's sign-in and security pages carry them.
 */
export const adminLoginCode = (body: AdminLoginCodeBody) => send<AdminLoginOk>(twoFactorPaths.adminLoginCode, { body });
export const getTwoFactor = () => send<TwoFactorState>(twoFactorPaths.getTwoFactor);
export const startTwoFactor = () => send<TwoFactorSetup>(twoFactorPaths.startTwoFactor);
/** The answer's recovery codes are shown once. */
export const enableTwoFactor = (code: string) => send<EnableTwoFactorOk>(twoFactorPaths.enableTwoFactor, { body: { code } });
/** Turns two-factor sign-in off with a current code or a recovery code (issue 33). */
export const disableTwoFactor = (code: string) => send<{ message: string }>(twoFactorPaths.disableTwoFactor, { body: { code } });
