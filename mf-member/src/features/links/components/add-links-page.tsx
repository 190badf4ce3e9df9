import { useCallback, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { MESSAGES, PLAN, errorKind, errorText, type HandleState } from '@rotalink/shared-api';
import { BackToDashboard, TitledPage } from '../../../components/page-frame';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { LiveStatus } from '../../../components/live/live-status';
import { NotYourProfile } from '../../../components/not-your-profile';
import { ProfileGone } from '../../../components/profile-gone';
import { statsPath } from '../../../components/public-link';
import { PublicAddress } from '../../../components/vanity/public-address';
import { SubscribeButton } from '../../../components/subscribe-button';
import { usePageTitle } from '../../../components/use-page-title';
import { useProfileOwner } from '../../../components/use-profile-owner';
import { RotatorSettingsSection } from './rotator-settings';
import { ConversionSettingsSection } from './conversion-settings';
import { useLinkHealth } from '../hooks/use-link-health';
import { useLinks } from '../hooks/use-links';
import { AddLinkForm } from './add-link-form';
import { LinkList } from './link-list';
import { LinkUsage } from './link-usage';
import { PausedLinks } from './paused-links';
import { UnreachableWarning } from './unreachable-warning';
import { linkLabel, unlimitedAhead } from '../hooks/queue-order';

const backToDashboard = <BackToDashboard />;

/** /Addlinks?userId= — manage the link queue of the member's own profile or a sub-profile. */
export function AddLinksPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const owner = useProfileOwner(userId, Boolean(userId));
  const links = useLinks(userId, Boolean(userId));
  const health = useLinkHealth(userId, links.lists);
  // Issue 32: the rotator link as the handle form last read or saved it (no reload for a new handle).
  const [rotatorUrl, setRotatorUrl] = useState<string>();
  const onAddress = useCallback((a: HandleState) => setRotatorUrl(a.rotator_url || undefined), []);
  const ownerName = owner.state.status === 'ready' ? owner.state.data?.name : '';
  usePageTitle(ownerName ? `Links: ${ownerName}` : 'Links');

  if (!userId) {
    return (
      <TitledPage title="Links">
        <ErrorPanel message="No profile was chosen.">{backToDashboard}</ErrorPanel>
      </TitledPage>
    );
  }
  if (owner.state.status === 'loading' || links.lists.state.status === 'loading') {
    return (
      <TitledPage title="Links">
        <Loading label="Loading links…" />
      </TitledPage>
    );
  }
  if (links.lists.state.status === 'error' || owner.state.status === 'error') {
    const error = links.lists.state.error ?? owner.state.error;
    // Refused as who the member is (403, or no valid token): retrying cannot help.
    const kind = errorKind(error);
    if (kind === 'not-found') {
      return (
        <TitledPage title="Links">
          <ProfileGone />
        </TitledPage>
      );
    }
    const refused = kind === 'forbidden' || kind === 'unauthorized' || kind === 'session-ended';
    return (
      <TitledPage title="Links">
        <ErrorPanel
          message={
            refused
              ? 'These links belong to a profile that is not yours.'
              : errorText(error, MESSAGES.loadLinksFailed, { serverText: false })
          }
          onRetry={
            refused
              ? undefined
              : () => {
                  owner.retry();
                  links.lists.retry();
                }
          }
        >
          {backToDashboard}
        </ErrorPanel>
      </TitledPage>
    );
  }
  if (owner.state.data === null) {
    return (
      <TitledPage title="Links">
        <NotYourProfile />
      </TitledPage>
    );
  }

  const who = owner.state.data;
  const { pending, completed, paused } = links.lists.state.data;
  // A paused link still takes one of the plan's places (the server counts every link).
  const used = pending.length + completed.length + paused.length;
  // One action per link at a time, whether a reset/delete or a pause/check.
  const busyLinkId = links.busyLinkId ?? health.busyLinkId;
  let blockedReason: ReactNode | null = null;
  if (!who.planActive && who.signedInAsSubProfile) {
    blockedReason = (
      <p style={{ margin: 0 }}>
        The member&apos;s plan is inactive, so links cannot be added. Once the member subscribes, you can add up to {PLAN.linksPerProfile}{' '}
        links here.
      </p>
    );
  } else if (!who.planActive) {
    blockedReason = (
      <>
        <p style={{ margin: 0 }}>
          Your plan is inactive, so links cannot be added. Subscribe once to the lifetime plan to add up to {PLAN.linksPerProfile} links per
          profile.
        </p>
        {/* Paid in another tab since this one loaded: read the plan again (a failed read keeps the form as is). */}
        <SubscribeButton onAlreadyActive={() => void owner.refresh().catch(() => undefined)} />
      </>
    );
  } else if (used >= PLAN.linksPerProfile) {
    blockedReason = (
      <p style={{ margin: 0 }}>This profile uses all {PLAN.linksPerProfile} links of the plan. Delete a link to add another.</p>
    );
  }

  const added = links.addedId ? pending.find((l) => l.id === links.addedId) : undefined;
  const blocker = added ? unlimitedAhead(pending, added.id) : null;
  const firstUnlimited = pending.find((l) => l.max_clicks === null);
  const firstRun = used === 0;
  const addForm = (
    <AddLinkForm
      title={firstRun ? 'Add your first link' : undefined}
      onAdd={links.add}
      blockedReason={blockedReason}
      unlimitedInQueue={firstUnlimited ? linkLabel(firstUnlimited) : null}
      userId={userId}
    />
  );
  const pendingSection = (
    <section className="mem-card" aria-labelledby="mem-pending-heading">
      <h2 id="mem-pending-heading">Pending ({pending.length})</h2>
      <p className="mem-muted" style={{ marginTop: 0 }}>
        Visitors click these in order; only the live link is clickable. Drag a link by its handle, or use the arrows, to change the order.
      </p>
      <LinkList
        links={pending}
        kind="pending"
        busyLinkId={busyLinkId}
        reordering={links.reordering}
        onMove={links.move}
        onEdit={links.edit}
        onReset={links.reset}
        onDelete={links.remove}
        health={health}
      />
    </section>
  );

  return (
    <div className="mem-page">
      <header className="mem-header">
        <div style={{ minWidth: 0 }}>
          <h1>{who.name || 'Links'}</h1>
          <p className="mem-subtitle">{who.isMember ? 'Your links' : 'Sub-profile links'}</p>
        </div>
        <div className="mem-actions">
          <button
            type="button"
            className="mem-btn mem-btn--secondary"
            onClick={() => void links.reload()}
            disabled={links.lists.refreshing}
          >
            {links.lists.refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
          <RouterLink className="mem-btn mem-btn--secondary" to={statsPath(userId)}>
            Stats
          </RouterLink>
          {backToDashboard}
        </div>
      </header>

      {/* Issue 29: a first visit starts with adding a link; once there are links, the queue comes first. */}
      {/* Fixed slots: the form keeps its place in the tree (and its state) when the first link arrives. */}
      {!firstRun && pendingSection}
      {!firstRun && <PausedLinks links={paused} health={health} busyLinkId={busyLinkId} onDelete={links.remove} />}
      {addForm}
      {added && blocker && (
        <UnreachableWarning
          link={added}
          blocker={blocker}
          moving={links.reordering}
          onMoveAhead={() => void links.moveAhead(added.id)}
          onDismiss={links.dismissWarning}
        />
      )}

      <section className="mem-card" aria-label="Public page and plan usage" style={{ display: 'grid', gap: 12 }}>
        <PublicAddress userId={userId} onAddress={onAddress} />
        <LinkUsage used={used} />
        <LiveStatus stale={links.stale} />
      </section>

      {firstRun ? (
        // Folded until there is a link to rotate: a newcomer meets one thing to do, not every setting.
        <details className="mem-card mem-fold">
          <summary>Rotator link and settings</summary>
          <RotatorSettingsSection userId={userId} rotatorUrl={rotatorUrl} />
          <ConversionSettingsSection userId={userId} />
        </details>
      ) : (
        <>
          <RotatorSettingsSection userId={userId} rotatorUrl={rotatorUrl} />
          <ConversionSettingsSection userId={userId} />
        </>
      )}

      {!firstRun && (
        <section className="mem-card" aria-labelledby="mem-completed-heading">
          <h2 id="mem-completed-heading">Completed ({completed.length})</h2>
          <LinkList
            links={completed}
            kind="completed"
            busyLinkId={busyLinkId}
            onEdit={links.edit}
            onReset={links.reset}
            onDelete={links.remove}
          />
        </section>
      )}
    </div>
  );
}
