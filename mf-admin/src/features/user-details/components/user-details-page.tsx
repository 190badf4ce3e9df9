import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AdminOnlyNotice } from '../../../components/admin-only-notice';
import { usePageTitle } from '../../../components/use-page-title';
import { useAdminAccess } from '../../../hooks/use-admin-access';
import { displayName } from '../../../lib/format';
import { useDetailsUser } from '../hooks/use-details-user';
import { useSaveMembership } from '../hooks/use-save-membership';
import { useUserLinks } from '../hooks/use-user-links';
import { useUserStats } from '../hooks/use-user-stats';
import { EditMembershipDialog } from './edit-membership-dialog';
import { LinkList } from './user-links';
import { UserStats } from './user-stats';
import { UserSummary } from './user-summary';
import '../../../components/admin-ui.css';
import './user-details.css';

/** /user-details — one user's membership, links and the edit-membership modal (spec §2). */
export function UserDetailsPage() {
  const { forbidden, handleAccessError } = useAdminAccess();
  const { user, setUser } = useDetailsUser(handleAccessError);
  const links = useUserLinks(forbidden ? null : (user?.user_id ?? null), handleAccessError);
  const clicks = useUserStats(forbidden ? null : (user?.user_id ?? null), handleAccessError);
  const save = useSaveMembership(user, setUser, handleAccessError);
  const [editing, setEditing] = useState(false);
  usePageTitle(user && !forbidden ? `${displayName(user)} · User details` : 'User details');

  const back = (
    <RouterLink className="adm-back" to="/admin_dashboard">
      ← All users
    </RouterLink>
  );

  if (forbidden) {
    return (
      <section className="adm-page">
        <h1>User details</h1>
        <AdminOnlyNotice />
      </section>
    );
  }
  if (!user) {
    return (
      <section className="adm-page">
        {back}
        <h1>User details</h1>
        <p className="adm-muted" role="status">
          Loading user…
        </p>
      </section>
    );
  }

  return (
    <section className="adm-page adm-details">
      {back}
      <h1>{displayName(user)}</h1>
      <UserSummary user={user} onEdit={() => setEditing(true)} />
      <UserStats stats={clicks.stats} loading={clicks.loading} error={clicks.error} onRetry={() => void clicks.reload()} />
      {links.loading && (
        <p className="adm-muted" role="status">
          Loading links…
        </p>
      )}
      {links.error && (
        <div className="adm-notice adm-notice--warn adm-details__error" role="alert">
          <p>{links.error}</p>
          <button type="button" className="adm-btn" onClick={() => void links.reload()}>
            Try again
          </button>
        </div>
      )}
      {!links.loading && !links.error && (
        <div className="adm-details__links">
          <LinkList title="Pending links" links={links.pending} empty="No pending links." />
          <LinkList title="Completed links" links={links.completed} empty="No completed links yet." />
        </div>
      )}
      {editing && <EditMembershipDialog user={user} onClose={() => setEditing(false)} onSave={save} />}
    </section>
  );
}
