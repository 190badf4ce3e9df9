import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useIsAdmin } from '@rotalink/shared-api';
import { usePageTitle } from './use-page-title';

/**
 * The member pages are a member's (the server answers an admin token on a member call with 403).
 * An admin who opens one — an old bookmark, a typed /user — is told where their console is instead
 * of seeing 'Failed to load profile data.' and a Retry that can never work (issue 13).
 */
export function MemberOnly({ children }: { children: ReactNode }) {
  const isAdmin = useIsAdmin();
  if (isAdmin) return <AdminHere />;
  return <>{children}</>;
}

function AdminHere() {
  usePageTitle('Member area');
  return (
    <div className="mem-page">
      <h1>Member area</h1>
      <div className="mem-notice" role="status">
        <p style={{ margin: 0 }}>
          You are signed in as the administrator. This page is for members; users and memberships are managed in the admin console.
        </p>
        <Link className="mem-btn" to="/admin_dashboard">
          Go to the admin console
        </Link>
      </div>
    </div>
  );
}
