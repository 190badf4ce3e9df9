import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';
import { useLinkClick } from '../hooks/use-link-click';
import { usePublicPage, type LinksState } from '../hooks/use-public-page';
import { CompletedLinks } from './completed-links';
import { LinkQueue, LinkQueueSkeleton } from './link-queue';
import { ProfileHeader, ProfileHeaderSkeleton } from './profile-header';
import { HandleVisitorPage, HostVisitorPage } from './vanity-visitor-page';
import '../../../components/public.css';
import './public-profile.css';
import { queueRule } from '../hooks/queue-rule';

/**
 * /profile?userId= — the visitor page (spec §2, §4, §8). Issue 32: the shell passes `handle` for
 * `/{handle}` and `host` on a member's custom domain; the page is the same once the profile is known.
 */
export function PublicProfilePage({ handle, host }: { handle?: string; host?: string } = {}) {
  const [params] = useSearchParams();
  const render = (userId: string) => <VisitorPage key={userId} userId={userId} />;
  if (handle) return <HandleVisitorPage handle={handle} render={render} />;
  if (host) return <HostVisitorPage host={host} render={render} />;
  const userId = params.get('userId')?.trim() ?? '';
  if (!userId) {
    return (
      <Notice title="No profile selected">
        This address does not say whose page to show. Check the link you were given: it should end with ?userId= followed by an id.
      </Notice>
    );
  }
  return <VisitorPage key={userId} userId={userId} />;
}

function VisitorPage({ userId }: { userId: string }) {
  const { profile, links, reloadLinks, retryLinks, retryProfile } = usePublicPage(userId);
  const { openHead, refuseLater, busyId } = useLinkClick(reloadLinks);
  const owner = profile.status === 'ready' ? profile.profile : null;
  // The tab names whose page this is: the owner's name (else their page title) once it is known.
  const ownerName = owner ? `${owner.first_name} ${owner.last_name}`.trim() || owner.title?.trim() : '';
  usePageTitle(profile.status === 'not-found' ? 'Profile not found' : ownerName || 'Profile');
  // CLS ≤ 0.1 (issue 7): the header's and the queue's final heights depend on the member's text
  // and link count, so a placeholder cannot reserve them. Until both first answers are in, the
  // page is one skeleton; then the real page replaces it as new elements (another key) — content
  // that appears is not a shift, content that moves is. Later reloads and retries stay in place.
  const [revealed, setRevealed] = useState(false);
  if (!revealed && profile.status !== 'loading' && links.status !== 'loading') setRevealed(true);

  if (profile.status === 'not-found') {
    return <Notice title="Profile not found">There is no Rotalink page at this address. It may have been removed.</Notice>;
  }
  if (!revealed) {
    return (
      <div key="skeleton" className="pub-page pub-visitor">
        <ProfileHeaderSkeleton />
        <section className="pub-card pub-section" aria-labelledby="pub-queue-title" aria-busy="true">
          <div className="pub-section__head">
            <h2 id="pub-queue-title">Links to visit</h2>
          </div>
          <QueueBody links={{ status: 'loading' }} busyId={null} onOpenHead={openHead} onRefuse={refuseLater} onRetry={retryLinks} />
        </section>
      </div>
    );
  }

  return (
    <div key="page" className="pub-page pub-visitor">
      {profile.status === 'loading' && <ProfileHeaderSkeleton />}
      {profile.status === 'ready' && <ProfileHeader profile={profile.profile} />}
      {profile.status === 'error' && (
        <div className="pub-card pub-owner">
          <h1 className="pub-visually-hidden">Rotalink page</h1>
          <ErrorPanel text={profile.text} onRetry={retryProfile} />
        </div>
      )}

      <section className="pub-card pub-section" aria-labelledby="pub-queue-title" aria-busy={links.status === 'loading'}>
        <div className="pub-section__head">
          <h2 id="pub-queue-title">Links to visit</h2>
          {links.status === 'ready' && links.reloading && <span className="pub-spinner pub-muted" aria-label="Updating" />}
        </div>
        <QueueBody links={links} busyId={busyId} onOpenHead={openHead} onRefuse={refuseLater} onRetry={retryLinks} />
      </section>

      {links.status === 'ready' && links.completed.length > 0 && (
        <section className="pub-card pub-section" aria-labelledby="pub-done-title">
          <h2 id="pub-done-title">Completed links</h2>
          <CompletedLinks completed={links.completed} />
        </section>
      )}
      <p className="pub-visitor__brand pub-muted">
        Powered by <RouterLink to="/">Rotalink</RouterLink>
      </p>
    </div>
  );
}

function QueueBody(props: {
  links: LinksState;
  busyId: string | null;
  onOpenHead: Parameters<typeof LinkQueue>[0]['onOpenHead'];
  onRefuse: () => void;
  onRetry: () => void;
}) {
  const { links } = props;
  if (links.status === 'loading') {
    return (
      <>
        <p className="pub-visually-hidden" role="status">
          Loading links…
        </p>
        <LinkQueueSkeleton />
      </>
    );
  }
  if (links.status === 'error') return <ErrorPanel text={links.text} onRetry={props.onRetry} />;
  if (links.pending.length === 0 && links.completed.length === 0) {
    return <p className="pub-empty">No links yet. Check back soon!</p>;
  }
  if (links.pending.length === 0) {
    return <p className="pub-empty">All links are completed. Thank you for visiting!</p>;
  }
  return (
    <>
      <p className="pub-muted pub-section__lead">{queueRule(links.pending)}</p>
      <LinkQueue pending={links.pending} busyId={props.busyId} onOpenHead={props.onOpenHead} onRefuse={props.onRefuse} />
    </>
  );
}

function ErrorPanel({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="pub-error">
      <p className="pub-alert pub-alert--error" role="alert">
        {text}
      </p>
      <button type="button" className="pub-btn pub-btn--ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="pub-page pub-visitor">
      <div className="pub-card pub-notice">
        <h1>{title}</h1>
        <p className="pub-muted">{children}</p>
        <RouterLink className="pub-btn pub-btn--ghost" to="/">
          Go to the home page
        </RouterLink>
      </div>
    </section>
  );
}
