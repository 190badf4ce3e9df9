import { Link } from 'react-router-dom';
import type { SubProfile } from '@rotalink/shared-api';
import { CopyLink } from '../../../components/copy-link';
import { EmptyState } from '../../../components/page-state';
import { addLinksPath, editSubProfilePath, publicProfileUrl, statsPath } from '../../../components/public-link';
import { ProfileQrCodes } from '../../../components/qr-codes/profile-qr-codes';
import type { ClickCounts } from '../hooks/use-live-click-counts';
import { ClickCountText } from './click-count';

interface Props {
  subProfiles: SubProfile[];
  /** Live clicks of the last 24 hours, by sub-profile id (issue 15). */
  clicks?: ClickCounts;
  /** The row whose deletion is running. */
  busyId?: string | null;
  onDelete?: (sub: SubProfile) => void;
  /** Issue 32: each profile's handle, by id (the copy buttons and QR codes use it). */
  handles?: Record<string, string>;
}

/** The member's sub-profiles: a table on wide screens, stacked cards on phones (CSS only). */
export function SubProfilesTable({ subProfiles, clicks = {}, busyId = null, onDelete, handles = {} }: Props) {
  if (subProfiles.length === 0) {
    return (
      <EmptyState>
        <p>No sub-profiles yet. A sub-profile gets its own public page and its own links.</p>
        <Link className="mem-btn" to="/addprofile">
          Create your first sub-profile
        </Link>
      </EmptyState>
    );
  }
  return (
    <table className="mem-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Phone</th>
          <th scope="col">Public link</th>
          <th scope="col">Clicks (24 h)</th>
          <th scope="col">
            <span className="mem-muted">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {subProfiles.map((sub) => {
          const name = `${sub.first_name} ${sub.last_name}`.trim();
          return (
            <tr key={sub.user_id}>
              <td data-label="Name">{name}</td>
              <td data-label="Email">{sub.email || '—'}</td>
              <td data-label="Phone">{sub.phone || '—'}</td>
              <td data-label="Link">
                <div style={{ display: 'grid', gap: 8, minWidth: 0 }}>
                  <CopyLink url={publicProfileUrl(sub.user_id, handles[sub.user_id])} label={`public link of ${name}`} />
                  <ProfileQrCodes userId={sub.user_id} handle={handles[sub.user_id]} name={name} />
                </div>
              </td>
              {/* A no-break space: in the phone card's narrow label column "24 h" never splits ("Clicks 24 / h"). */}
              <td data-label={'Clicks 24\u00a0h'}>
                <ClickCountText count={clicks[sub.user_id]} />
              </td>
              <td className="mem-table__actions">
                <Link
                  className="mem-btn mem-btn--secondary mem-btn--small"
                  to={editSubProfilePath(sub.user_id)}
                  aria-label={`Edit ${name}`}
                >
                  Edit
                </Link>
                <Link className="mem-btn mem-btn--secondary mem-btn--small" to={addLinksPath(sub.user_id)} aria-label={`Links of ${name}`}>
                  Links
                </Link>
                <Link className="mem-btn mem-btn--secondary mem-btn--small" to={statsPath(sub.user_id)} aria-label={`Stats of ${name}`}>
                  Stats
                </Link>
                {onDelete && (
                  <button
                    type="button"
                    className="mem-btn mem-btn--danger mem-btn--small"
                    aria-label={`Delete ${name}`}
                    disabled={busyId === sub.user_id}
                    onClick={() => onDelete(sub)}
                  >
                    {busyId === sub.user_id ? 'Deleting…' : 'Delete'}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
