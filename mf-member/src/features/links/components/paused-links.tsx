import type { Link, PausedLink } from '@rotalink/shared-api';
import { EmptyState } from '../../../components/page-state';
import { linkLabel } from '../hooks/queue-order';
import type { LinkHealth } from '../hooks/use-link-health';
import { formatCheckTime } from './check-result';
import { CheckNowButton, LinkCheckStatus, PauseButton } from './health-actions';
import { LinkUrl, clicksLabel } from './link-text';

interface Props {
  links: PausedLink[];
  health: LinkHealth;
  /** The link whose delete is running (the page's other actions). */
  busyLinkId: string | null;
  onDelete: (link: Link) => void;
}

/** The server's reason for a pause by the owner (the link check's reasons name the failure). */
const OWNER_REASON = 'Paused by you';
const pausedByText = (link: PausedLink) => (link.paused_by === 'health-check' ? 'Paused by the link check' : OWNER_REASON);

/**
 * Issue 16: the links taken out of the queue, by the member or by the link check (3 failed
 * checks in a row). Visitors, the public page and the rotator skip them until they are resumed;
 * a resumed link goes back to its place in the queue.
 */
export function PausedLinks({ links, health, busyLinkId, onDelete }: Props) {
  return (
    <section className="mem-card" aria-labelledby="mem-paused-heading">
      <h2 id="mem-paused-heading">Paused ({links.length})</h2>
      <p className="mem-muted" style={{ marginTop: 0 }}>
        Visitors never get a paused link. Resume it to put it back at its place in the queue.
      </p>
      {links.length === 0 ? (
        <EmptyState>No paused links. A link whose destination fails 3 checks in a row is paused here, and you get a mail.</EmptyState>
      ) : (
        <ol className="mem-links">
          {links.map((link) => {
            const label = linkLabel(link);
            const busy = busyLinkId === link.id;
            return (
              <li key={link.id} className="mem-link mem-link--paused" aria-label={label}>
                <div className="mem-link__top">
                  <span className="mem-badge mem-badge--paused">paused</span>
                  <span className="mem-link__name">{link.name || 'Untitled link'}</span>
                </div>
                <LinkUrl url={link.link} />
                <div className="mem-link__meta">{clicksLabel(link)} clicks</div>
                {/* An owner's pause says so below; the link check's pause says what failed. */}
                {link.pause_reason !== OWNER_REASON && <p className="mem-link__warn">{link.pause_reason}</p>}
                <p className="mem-link__meta" style={{ margin: 0 }}>
                  {pausedByText(link)} on <time dateTime={link.paused_at}>{formatCheckTime(link.paused_at)}</time>
                </p>
                <LinkCheckStatus link={link} health={health} lastCheck={link.last_check} />
                <div className="mem-actions">
                  <PauseButton link={link} health={health} disabled={busy} resume />
                  <CheckNowButton link={link} health={health} disabled={busy} />
                  <button
                    type="button"
                    className="mem-btn mem-btn--danger mem-btn--small"
                    disabled={busy || health.busyLinkId === link.id}
                    onClick={() => onDelete(link)}
                    aria-label={`Delete ${label}`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
