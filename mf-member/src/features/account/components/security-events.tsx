import type { AuditEvent } from '@rotalink/shared-api';
import { getSecurityEvents } from '@rotalink/shared-api/live';
import { useAsyncData } from '../../../components/use-async-data';

const LABELS: Partial<Record<AuditEvent['action'], string>> = {
  'member.password-reset-sent': 'A password reset link was sent',
  'member.password-reset': 'Password reset with a mailed link',
  'member.password-changed': 'Password changed',
  'member.email-changed': 'Email address changed',
  'member.api-key-created': 'API key created',
  'member.api-key-revoked': 'API key revoked',
  'member.session-revoked': 'A session was signed out',
  'member.account-deleted': 'Account deleted',
  'member.account-exported': 'Data downloaded',
};

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Issue 33: the member's own security events, newest first — what changed on the account and
 * when, so a change they did not make does not go unnoticed. Read from the audit log.
 */
export function SecurityEvents() {
  const events = useAsyncData(() => getSecurityEvents(), []);
  return (
    <section className="mem-card" aria-labelledby="mem-security-events">
      <h2 id="mem-security-events">Security events</h2>
      {events.state.status === 'loading' && <p className="mem-muted">Loading…</p>}
      {events.state.status === 'error' && <p role="alert">Could not load your security events.</p>}
      {events.state.status === 'ready' &&
        (events.state.data.events.length === 0 ? (
          <p className="mem-muted">Nothing yet: password and email changes will be listed here.</p>
        ) : (
          <ul className="mem-security-events">
            {events.state.data.events.map((e) => (
              <li key={e.id}>
                <strong>{LABELS[e.action] ?? e.action}</strong> <span className="mem-muted">{when(e.at)}</span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
