import { Navigate } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';
import { useResolvedProfile } from '../hooks/use-resolved-profile';

/**
 * Issue 32: the visitor page by handle (`/{handle}`) or on a member's custom domain. Both look the
 * profile up, then show the same page as `/profile?userId=`, whose clicks count the same way.
 */
export function HandleVisitorPage({ handle, render }: { handle: string; render: (userId: string) => JSX.Element }) {
  const { state, retry } = useResolvedProfile({ handle });
  if (state.status === 'not-found') return <Navigate to="/" replace />; // spec §2: an unknown path goes to /
  if (state.status === 'error') return <Retry text={state.text} onRetry={retry} />;
  if (state.status === 'loading') return <Loading />;
  const current = state.profile.handle;
  // An old handle (it redirects for 30 days) or another spelling: the address moves to the current one.
  if (current !== handle) {
    const to = current ? `/${current}` : `/profile?userId=${encodeURIComponent(state.profile.user_id)}`;
    return <Navigate to={to} replace />;
  }
  return render(state.profile.user_id);
}

export function HostVisitorPage({ host, render }: { host: string; render: (userId: string) => JSX.Element }) {
  const { state, retry } = useResolvedProfile({ host });
  if (state.status === 'not-found') return <NeutralNotFound />;
  if (state.status === 'error') return <Retry text={state.text} onRetry={retry} />;
  if (state.status === 'loading') return <Loading />;
  return render(state.profile.user_id);
}

/** A host that is not (or no longer) a verified custom domain: names no one, links nowhere. */
function NeutralNotFound() {
  usePageTitle('Page not found');
  return (
    <section className="pub-page pub-visitor">
      <div className="pub-card pub-notice">
        <h1>Page not found</h1>
        <p className="pub-muted">There is nothing at this address.</p>
      </div>
    </section>
  );
}

function Loading() {
  return (
    <section className="pub-page pub-visitor" aria-busy="true">
      <p className="pub-muted" role="status">
        Loading…
      </p>
    </section>
  );
}

function Retry({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <section className="pub-page pub-visitor">
      <div className="pub-card pub-error">
        <p className="pub-alert pub-alert--error" role="alert">
          {text}
        </p>
        <button type="button" className="pub-btn pub-btn--ghost" onClick={onRetry}>
          Try again
        </button>
      </div>
    </section>
  );
}
