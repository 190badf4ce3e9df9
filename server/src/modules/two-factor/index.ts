/** The admin's two-factor sign-in as the app sees it (issue 33; issue 27: a feature is imported through its index). */
export { twoFactorRoutes } from './two-factor.routes';
export { hasTwoFactor } from './two-factor.service';
export { signChallenge } from './challenge';
