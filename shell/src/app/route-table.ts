/**
 * The route table of spec §2 / the front-end contract: which remote module serves which path.
 * Plain data (no React, no shared module), so the start-up preloader can read it before the
 * async boundary as well as the router after it.
 */
export type RemoteModuleId = `${'mf_public' | 'mf_member' | 'mf_admin'}/${string}`;

export interface RouteEntry {
  path: string;
  module: RemoteModuleId;
  guarded?: boolean;
  props?: Record<string, unknown>;
}

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', module: 'mf_public/Landing' },
  { path: '/terms', module: 'mf_public/Legal', props: { page: 'terms' } },
  { path: '/privacy', module: 'mf_public/Legal', props: { page: 'privacy' } },
  { path: '/refundpolicy', module: 'mf_public/Legal', props: { page: 'refund' } },
  { path: '/login', module: 'mf_public/Login' },
  { path: '/signup', module: 'mf_public/Signup' },
  { path: '/forgotpassword', module: 'mf_public/ForgotPassword' },
  { path: '/resetpassword', module: 'mf_public/ResetPassword' },
  // Issue 13: opened from the mail to a new address, maybe on a device nobody is signed in on.
  { path: '/confirm-email', module: 'mf_public/ConfirmEmail' },
  { path: '/payment-success', module: 'mf_public/PaymentSuccess' },
  { path: '/profile', module: 'mf_public/PublicProfile' },
  { path: '/admin', module: 'mf_admin/AdminLogin' },
  { path: '/user', module: 'mf_member/Dashboard', guarded: true },
  { path: '/editprofile', module: 'mf_member/EditProfile', guarded: true },
  { path: '/addprofile', module: 'mf_member/AddProfile', guarded: true },
  { path: '/editsubprofile', module: 'mf_member/EditSubProfile', guarded: true },
  { path: '/Addlinks', module: 'mf_member/AddLinks', guarded: true },
  // Issue 13: account settings (change password, change email).
  { path: '/account', module: 'mf_member/AccountSettings', guarded: true },
  // Issue 15: one profile's click analytics.
  { path: '/stats', module: 'mf_member/Stats', guarded: true },
  { path: '/admin_dashboard', module: 'mf_admin/AdminDashboard', guarded: true },
  { path: '/user-details', module: 'mf_admin/UserDetails', guarded: true },
  // Issue 33: the audit log.
  { path: '/admin_activity', module: 'mf_admin/Activity', guarded: true },
  { path: '/admin_security', module: 'mf_admin/Security', guarded: true },
];

/** Issue 32: `/{handle}` — one segment shaped like a handle (any case) — is a public page. */
export const HANDLE_SEGMENT = /^\/[A-Za-z0-9](?:[A-Za-z0-9-]{1,28}[A-Za-z0-9])$/;

/** The module the shell will render first for this address (spec §2: unknown paths go to /). */
export function firstModuleFor(pathname: string, hasToken: boolean, customHost = false): RemoteModuleId {
  if (customHost) return 'mf_public/PublicProfile';
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // React Router matches paths case-insensitively by default; do the same.
  const known = ROUTES.find((r) => r.path.toLowerCase() === path.toLowerCase());
  if (!known && HANDLE_SEGMENT.test(path)) return 'mf_public/PublicProfile';
  const route = known ?? ROUTES[0];
  if (route.guarded && !hasToken) return 'mf_public/Login';
  return route.module;
}
