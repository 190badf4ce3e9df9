import { Link } from 'react-router-dom';
import { MESSAGES } from '@rotalink/shared-api';
import { CopyLink } from '../../../components/copy-link';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { addLinksPath, publicProfileUrl, statsPath } from '../../../components/public-link';
import { ProfileQrCodes } from '../../../components/qr-codes/profile-qr-codes';
import { useMyHandles } from '../../../components/use-my-handles';
import { usePageTitle } from '../../../components/use-page-title';
import { isSubProfileAccount } from '../../../components/use-my-profile';
import { LiveStatus } from '../../../components/live/live-status';
import { useDashboardData } from '../hooks/use-dashboard-data';
import { useLiveClickCounts, type TodayRevenues } from '../hooks/use-live-click-counts';
import { ClickCountText } from './click-count';
import { useDeleteSubProfile } from '../hooks/use-delete-sub-profile';
import { SubProfilesTable } from './sub-profiles-table';
import { SubscriptionCard } from './subscription-card';

/** Issue 30: today's revenue in the profile's currency, with its number of conversions. */
function RevenueText({ revenue }: { revenue: TodayRevenues[string] }) {
  if (revenue === undefined) return <span className="mem-muted">…</span>;
  const sales = `${revenue.conversions} conversion${revenue.conversions === 1 ? '' : 's'}`;
  return (
    <strong>
      {revenue.revenue} {revenue.currency} <span className="mem-muted">· {sales}</span>
    </strong>
  );
}

/** /user — the member's dashboard (spec §2). */
export function DashboardPage() {
  const { profile, subProfiles } = useDashboardData();
  // Issue 32: the copy buttons and QR codes show a profile's handle address when it has one.
  const handles = useMyHandles();
  usePageTitle('Dashboard');
  const deletion = useDeleteSubProfile(subProfiles.refresh);
  const me = profile.state.data;
  const subs = me && !isSubProfileAccount(me) && subProfiles.state.status === 'ready' ? subProfiles.state.data : [];
  // Counted once the lists settled, so one poller asks for every profile shown (issue 15).
  const clicks = useLiveClickCounts(
    me ? [me.user_id, ...subs.map((s) => s.user_id)] : [],
    Boolean(me) && subProfiles.state.status !== 'loading',
    subProfiles.refresh,
  );

  if (profile.state.status === 'loading') {
    return (
      <div className="mem-page">
        <h1>Dashboard</h1>
        <Loading label="Loading your dashboard…" />
      </div>
    );
  }
  if (profile.state.status === 'error') {
    return (
      <div className="mem-page">
        <h1>Dashboard</h1>
        <ErrorPanel message={MESSAGES.loadProfileFailed} onRetry={profile.retry} />
      </div>
    );
  }

  const user = profile.state.data;
  const name = `${user.first_name} ${user.last_name}`.trim();
  // A sub-profile signed in on its own cannot manage sub-profiles (the server answers 403).
  const isSubProfile = isSubProfileAccount(user);
  return (
    <div className="mem-page">
      <header>
        <h1>Dashboard</h1>
        <p className="mem-subtitle">
          Welcome{name ? `, ${name}` : ''}
          {user.email ? ` · ${user.email}` : ''}
        </p>
        {isSubProfile && (
          <p className="mem-muted">This page belongs to a sub-profile of a member account; its plan is the member&apos;s.</p>
        )}
      </header>

      <div className="mem-grid-2">
        {/* Paid in another tab since this one loaded: read the plan again (a failed read keeps the card). */}
        <SubscriptionCard user={user} onAlreadyActive={() => void profile.refresh().catch(() => undefined)} />
        <section className="mem-card" aria-labelledby="mem-public-heading">
          <h2 id="mem-public-heading">Your public page</h2>
          <p className="mem-muted" style={{ marginTop: 0 }}>
            Share this link: visitors see your profile and click your links in order.
          </p>
          <CopyLink url={publicProfileUrl(user.user_id, handles[user.user_id])} label="your public link" />
          <p style={{ margin: '12px 0 0' }}>
            Clicks in the last 24 hours: <ClickCountText count={clicks.counts[user.user_id]} />
          </p>
          {clicks.revenueOn && (
            <p style={{ margin: '4px 0 0' }}>
              Revenue today: <RevenueText revenue={clicks.revenue[user.user_id]} />
            </p>
          )}
          <LiveStatus stale={clicks.stale} />
          <div className="mem-actions" style={{ marginTop: 12 }}>
            <Link className="mem-btn" to={addLinksPath(user.user_id)}>
              Manage my links
            </Link>
            <Link className="mem-btn mem-btn--secondary" to={statsPath(user.user_id)}>
              Stats
            </Link>
            <Link className="mem-btn mem-btn--secondary" to="/editprofile">
              Edit profile
            </Link>
            <Link className="mem-btn mem-btn--secondary" to="/account">
              Account settings
            </Link>
          </div>
          <div style={{ marginTop: 12 }}>
            <ProfileQrCodes userId={user.user_id} handle={handles[user.user_id]} name={name || 'your profile'} initiallyOpen />
          </div>
        </section>
      </div>

      {!isSubProfile && (
        <section className="mem-card" aria-labelledby="mem-subs-heading">
          <div className="mem-header">
            <h2 id="mem-subs-heading">Sub-profiles</h2>
            <Link className="mem-btn mem-btn--secondary mem-btn--small" to="/addprofile">
              Add sub-profile
            </Link>
          </div>
          {subProfiles.state.status === 'loading' && <Loading label="Loading sub-profiles…" />}
          {subProfiles.state.status === 'error' && <ErrorPanel message="Failed to load sub-profiles." onRetry={subProfiles.retry} />}
          {subProfiles.state.status === 'ready' && (
            <SubProfilesTable
              subProfiles={subProfiles.state.data}
              handles={handles}
              clicks={clicks.counts}
              busyId={deletion.busyId}
              onDelete={deletion.remove}
            />
          )}
        </section>
      )}
    </div>
  );
}
