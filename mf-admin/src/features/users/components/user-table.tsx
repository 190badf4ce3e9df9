import type { AdminUser } from '@rotalink/shared-api';
import { displayName, EMPTY, formatDate, formatPrice, fullName, planLabel, statusLabel } from '../../../lib/format';

interface UserTableProps {
  users: AdminUser[];
  deletingId: string | null;
  onView: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/**
 * One page of users. Name and email share the first cell and the plan type sits under the status,
 * so the table fits the shell's 1,068 px content width; on narrow screens each row becomes a card
 * (user-list.css, data-label).
 */
export function UserTable({ users, deletingId, onView, onDelete }: UserTableProps) {
  return (
    <div className="adm-users__scroll">
      <table className="adm-users__table">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Signed up</th>
            <th scope="col">Status</th>
            <th scope="col">Price</th>
            <th scope="col">Joined</th>
            <th scope="col">Expires</th>
            <th scope="col">Sub-profiles</th>
            <th scope="col">
              <span className="adm-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const who = user.email || displayName(user);
            const active = user.subscription_status === 'active';
            return (
              <tr key={user.user_id}>
                <td className="adm-users__member">
                  {/* The cell stays a table cell (a flex td is shorter than its row); the stack is inside. */}
                  <div className="adm-users__who">
                    <span className="adm-users__name">{fullName(user) || EMPTY}</span>
                    <span className="adm-users__email">{user.email || EMPTY}</span>
                  </div>
                </td>
                {/* Issue 29: when the member signed up, so a new account is told from an old one. */}
                <td data-label="Signed up">{formatDate(user.created_at)}</td>
                <td data-label="Status">
                  <span className="adm-users__status">
                    <span className={`adm-badge ${active ? 'adm-badge--on' : 'adm-badge--off'}`}>
                      {statusLabel(user.subscription_status)}
                    </span>
                    <span className="adm-muted">{planLabel(user)}</span>
                  </span>
                </td>
                <td data-label="Price">{formatPrice(user.package_price)}</td>
                <td data-label="Joined">{formatDate(user.package_joined_date)}</td>
                <td data-label="Expires">{formatDate(user.package_expiry_date)}</td>
                <td data-label="Sub-profiles">{user.sub_profile_count ?? 0}</td>
                <td className="adm-users__actions">
                  <div className="adm-users__buttons">
                    <button type="button" className="adm-btn" aria-label={`View ${who}`} onClick={() => onView(user)}>
                      View
                    </button>
                    <button
                      type="button"
                      className="adm-btn adm-btn--danger"
                      aria-label={`Delete ${who}`}
                      disabled={deletingId === user.user_id}
                      onClick={() => onDelete(user)}
                    >
                      {deletingId === user.user_id ? 'Deleting…' : 'Delete'}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
