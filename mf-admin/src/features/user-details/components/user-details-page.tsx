import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AdminOnlyNotice } from '../../../components/admin-only-notice';
import { usePageTitle } from '../../../components/use-page-title';
import { useAdminAccess } from '../../../hooks/use-admin-access';
import { displayName } from '../../../lib/format';
import { useSaveMembership } from '../hooks/use-save-membership';
import { useUserDetails } from '../hooks/use-user-details';
import { useUserStats } from '../hooks/use-user-stats';
import { EditMembershipDialog } from './edit-membership-dialog';
import { SubProfileList } from './sub-profile-list';
import { LinkList } from './user-links';
import { UserStats } from './user-stats';
import { UserSummary } from './user-summary';
import '../../../components/admin-ui.css';
import './user-details.css';

/**
 * /user-details — one user's membership, links and the edit-membership modal (spec §2). Started
 * afresh for each ?userId=: from a member to a sub-profile (or back) the route stays the same, and
 * the previous user's facts, links and clicks must not be shown under the next one's address.
 */
export function UserDetailsPage() {
  const [params] = useSearchParams();
  return <UserDetails key={params.get('userId') ?? ''} />;
}

function UserDetails() {
  const { forbidden, handleAccessError } = useAdminAccess();
  const details = useUserDetails(handleAccessError);
  const { user, setUser } = details;
  const clicks = useUserStats(forbidden ? null : (user?.user_id ?? null), handleAccessError);
  const save = useSaveMembership(user, setUser, handleAccessError);
  const [editing, setEditing] = useState(false);
  usePageTitle(user && !forbidden ? `${displayName(user)} · User details` : 'User details');

  const back = (
    <RouterLink className="adm-back" to={details.listPath}>
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
      <UserSummary user={user} member={details.member} from={details.listPath} onEdit={() => setEditing(true)} />
      <UserStats stats={clicks.stats} loading={clicks.loading} error={clicks.error} onRetry={() => void clicks.reload()} />
      {details.loading && (
        <p className="adm-muted" role="status">
          Loading links…
        </p>
      )}
      {details.error && (
        <div className="adm-notice adm-notice--warn adm-details__error" role="alert">
          <p>{details.error}</p>
          <button type="button" className="adm-btn" onClick={() => void details.reload()}>
            Try again
          </button>
        </div>
      )}
      {!details.loading && !details.error && (
        <div className="adm-details__links">
          <LinkList title="Pending links" links={details.pending} empty="No pending links." />
          <LinkList title="Completed links" links={details.completed} empty="No completed links yet." />
          {/* Paused by the member or the health check: not in the rotation, so not "pending". */}
          {details.paused.length > 0 && <LinkList title="Paused links" links={details.paused} empty="" />}
          {user.account !== 'sub-profile' && <SubProfileList subProfiles={details.subProfiles} from={details.listPath} />}
        </div>
      )}
      {editing && <EditMembershipDialog user={user} onClose={() => setEditing(false)} onSave={save} />}
    </section>
  );
}
