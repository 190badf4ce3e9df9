import { Navigate, Route, Routes } from 'react-router-dom';
import { RemotePage } from '../federation/remote-page';
import type { RemoteModuleId } from '../federation/runtime';
import { RequireToken } from './require-token';

interface RouteEntry {
  path: string;
  module: RemoteModuleId;
  guarded?: boolean;
  props?: Record<string, unknown>;
}

/** The route table of spec §2 / the front-end contract: which remote module serves which path. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', module: 'mf_public/Landing' },
  { path: '/terms', module: 'mf_public/Legal', props: { page: 'terms' } },
  { path: '/privacy', module: 'mf_public/Legal', props: { page: 'privacy' } },
  { path: '/refundpolicy', module: 'mf_public/Legal', props: { page: 'refund' } },
  { path: '/login', module: 'mf_public/Login' },
  { path: '/signup', module: 'mf_public/Signup' },
  { path: '/forgotpassword', module: 'mf_public/ForgotPassword' },
  { path: '/resetpassword', module: 'mf_public/ResetPassword' },
  { path: '/payment-success', module: 'mf_public/PaymentSuccess' },
  { path: '/profile', module: 'mf_public/PublicProfile' },
  { path: '/admin', module: 'mf_admin/AdminLogin' },
  { path: '/user', module: 'mf_member/Dashboard', guarded: true },
  { path: '/editprofile', module: 'mf_member/EditProfile', guarded: true },
  { path: '/addprofile', module: 'mf_member/AddProfile', guarded: true },
  { path: '/editsubprofile', module: 'mf_member/EditSubProfile', guarded: true },
  { path: '/Addlinks', module: 'mf_member/AddLinks', guarded: true },
  { path: '/admin_dashboard', module: 'mf_admin/AdminDashboard', guarded: true },
  { path: '/user-details', module: 'mf_admin/UserDetails', guarded: true },
];

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map(({ path, module, guarded, props }) => {
        // key = path: each route gets its own loader state (a failure on one is not another's).
        const page = <RemotePage key={path} id={module} props={props} />;
        return <Route key={path} path={path} element={guarded ? <RequireToken>{page}</RequireToken> : page} />;
      })}
      {/* spec §2: any unknown path redirects to / */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
