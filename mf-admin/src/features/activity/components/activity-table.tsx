import type { AuditEvent } from '@rotalink/shared-api';

/** What each action is called on the page. */
export const ACTION_LABELS: Record<AuditEvent['action'], string> = {
  'admin.sign-in': 'Admin signed in',
  'admin.sign-in-failed': 'Admin sign-in failed',
  'admin.user-deleted': 'User deleted',
  'admin.membership-edited': 'Membership edited',
  'admin.two-factor-enabled': 'Two-factor sign-in turned on',
  'admin.two-factor-disabled': 'Two-factor sign-in turned off',
  'member.password-reset-sent': 'Password reset sent',
  'member.password-reset': 'Password reset',
  'member.password-changed': 'Password changed',
  'member.email-changed': 'Email changed',
  'member.api-key-created': 'API key created',
  'member.api-key-revoked': 'API key revoked',
  'member.session-revoked': 'Session signed out',
  'member.account-deleted': 'Account deleted',
  'member.account-exported': 'Data downloaded',
};

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

function who(kind: AuditEvent['actor_kind'], id: string | null, label: string | null): string {
  if (kind === 'system') return 'Rotalink';
  if (kind === 'anonymous') return 'Someone not signed in';
  return label ?? (id ? `deleted account ${id.slice(0, 8)}…` : '—');
}

/** The rows of one page: when, what, who, whom, what changed, from where (a hash, never an IP). */
export function ActivityTable({ events }: { events: AuditEvent[] }) {
  return (
    <div className="adm-activity__scroll">
      <table className="adm-activity__table">
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Action</th>
            <th scope="col">By</th>
            <th scope="col">On</th>
            <th scope="col">Changes</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id}>
              <td>{e.at.replace('T', ' ').slice(0, 19)}</td>
              <td>{ACTION_LABELS[e.action] ?? e.action}</td>
              <td>{who(e.actor_kind, e.actor_id, e.actor_label)}</td>
              <td>{e.target_id ? (e.target_label ?? `${e.target_id.slice(0, 8)}…`) : '—'}</td>
              <td>
                {e.changes
                  ? Object.entries(e.changes).map(([field, [before, after]]) => (
                      <div key={field}>
                        {field}: {show(before)} → {show(after)}
                      </div>
                    ))
                  : '—'}
              </td>
              <td title="A keyed hash of the address: the same address shows the same code">{e.ip_hash ? e.ip_hash.slice(0, 8) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
