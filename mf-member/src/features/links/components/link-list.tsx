import type { Link } from '@rotalink/shared-api';
import { EmptyState } from '../../../components/page-state';
import { LinkUrl, clicksLabel } from './link-text';

interface Props {
  links: Link[];
  kind: 'pending' | 'completed';
  busyLinkId: string | null;
  onReset: (link: Link) => void;
  onDelete: (link: Link) => void;
}

function Meter({ link }: { link: Link }) {
  if (link.max_clicks === null) return null;
  const share = Math.min(100, Math.round((link.clicks / link.max_clicks) * 100));
  return (
    <div className={share >= 100 ? 'mem-meter mem-meter--done' : 'mem-meter'} aria-hidden="true">
      <div className="mem-meter__bar" style={{ width: `${share}%` }} />
    </div>
  );
}

/**
 * The pending queue (in the order visitors must click it; the head is live) or the completed
 * list, each link with clicks / max and its Reset and Delete actions.
 */
export function LinkList({ links, kind, busyLinkId, onReset, onDelete }: Props) {
  if (links.length === 0) {
    return (
      <EmptyState>
        {kind === 'pending'
          ? 'No links in the queue. Add one and it will show on the public page.'
          : 'No completed links yet. A link moves here once it reaches its max clicks.'}
      </EmptyState>
    );
  }
  return (
    <ol className="mem-links">
      {links.map((link, index) => {
        const live = kind === 'pending' && index === 0;
        const label = link.name || link.link;
        const busy = busyLinkId === link.id;
        return (
          <li key={link.id} className={live ? 'mem-link mem-link--live' : 'mem-link'} aria-label={label}>
            <div className="mem-link__top">
              {kind === 'pending' && <span className="mem-muted">#{index + 1}</span>}
              {live && <span className="mem-badge mem-badge--live">live</span>}
              <span className="mem-link__name">{link.name || 'Untitled link'}</span>
            </div>
            <LinkUrl url={link.link} />
            <div className="mem-link__meta">{clicksLabel(link)} clicks</div>
            <Meter link={link} />
            {live && link.max_clicks === null && (
              // DESIGN §6: an unlimited head never completes, so it holds the queue
              <p className="mem-link__meta" style={{ margin: 0 }}>
                Unlimited: this link holds the queue. Later links are not reached until you reset it (it moves to the end) or delete it.
              </p>
            )}
            <div className="mem-actions">
              <button type="button" className="mem-btn mem-btn--secondary mem-btn--small" disabled={busy} onClick={() => onReset(link)} aria-label={`Reset ${label}`}>
                Reset
              </button>
              <button type="button" className="mem-btn mem-btn--danger mem-btn--small" disabled={busy} onClick={() => onDelete(link)} aria-label={`Delete ${label}`}>
                Delete
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
