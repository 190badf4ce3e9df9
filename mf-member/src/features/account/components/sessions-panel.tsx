import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, errorText, tokenStore, type Session } from '@rotalink/shared-api';
import { listSessions, revokeOtherSessions, revokeSession } from '@rotalink/shared-api/live';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { useAsyncData } from '../../../components/use-async-data';

const when = (iso: string) => new Date(iso).toLocaleString();

function SessionItem({ session, busy, onSignOut }: { session: Session; busy: boolean; onSignOut: (s: Session) => void }) {
  return (
    <li className="mem-session">
      <div className="mem-session__what">
        <strong>{session.device}</strong>
        {session.current && <span className="mem-badge mem-badge--ok">This device</span>}
        <span className="mem-muted">
          {session.place ? `${session.place} · ` : ''}Signed in {when(session.created_at)} · Last seen {when(session.last_seen_at)}
        </span>
      </div>
      {!session.current && (
        <button type="button" className="mem-btn mem-btn--secondary" disabled={busy} onClick={() => onSignOut(session)}>
          Sign out <span className="mem-sr-only">{session.device}</span>
        </button>
      )}
    </li>
  );
}

/**
 * Issue 33: where the account is signed in (device, first and last seen, a country when known;
 * never an IP). "Sign out" ends one session and "Sign out everywhere else" all but this one;
 * the server refuses them on their next request, on every node.
 */
export function SessionsPanel() {
  const sessions = useAsyncData(() => listSessions(), []);
  const [busy, setBusy] = useState(false);

  const run = async (act: () => Promise<{ message: string; token?: string | null }>) => {
    setBusy(true);
    try {
      const answer = await act();
      // A token from before sessions existed has ended too: the answer carries this device's new one.
      if (answer.token) tokenStore.setSession(answer.token);
      toast.success(answer.message);
      sessions.retry();
    } catch (err) {
      toast.error(errorText(err, MESSAGES.somethingWentWrong));
    } finally {
      setBusy(false);
    }
  };

  const others = sessions.state.status === 'ready' ? sessions.state.data.sessions.filter((s) => !s.current).length : 0;
  return (
    <section className="mem-card" aria-labelledby="mem-sessions-title">
      <h2 id="mem-sessions-title">Where you are signed in</h2>
      {sessions.state.status === 'loading' && <Loading label="Loading your sessions…" />}
      {sessions.state.status === 'error' && (
        <ErrorPanel message={errorText(sessions.state.error, MESSAGES.somethingWentWrong)} onRetry={sessions.retry} />
      )}
      {sessions.state.status === 'ready' && (
        <>
          <ul className="mem-sessions" aria-label="Your sessions">
            {sessions.state.data.sessions.map((s) => (
              <SessionItem key={s.id} session={s} busy={busy} onSignOut={(x) => void run(() => revokeSession(x.id))} />
            ))}
          </ul>
          {others > 0 && (
            <button type="button" className="mem-btn mem-btn--danger" disabled={busy} onClick={() => void run(() => revokeOtherSessions())}>
              Sign out everywhere else
            </button>
          )}
        </>
      )}
    </section>
  );
}
